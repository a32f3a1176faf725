/**
 * UI state that belongs in the address (issue #14): an open dialog, an opened post, the mobile
 * menu. `useUrlState('post')` answers the search param's value and `open(value)` / `close()`:
 * opening pushes a history entry, so the phone's Back closes the dialog instead of leaving the
 * page, and a shared link (`/board?post=12`) opens it. Closing goes back when this page pushed
 * the entry, otherwise replaces the address without the param (a link opened cold).
 */
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';

export interface UrlState {
  /** The param's value (as a string), or undefined when closed. */
  value: string | undefined;
  open: (value?: string | number) => void;
  close: () => void;
}

export function useUrlState(param: string): UrlState {
  const raw: unknown = useRouterState({ select: (s) => (s.location.search as Record<string, unknown>)[param] as unknown });
  const value = raw === undefined || raw === null || raw === '' ? undefined : String(raw);
  const navigate = useNavigate();
  const pushed = useRef(false);

  const open = useCallback(
    (next: string | number = 1) => {
      pushed.current = true;
      // Numbers stay numbers: the router writes strings that look like JSON in quotes (?post=%2212%22).
      const value = typeof next === 'string' && /^-?[0-9]{1,15}$/.test(next) ? Number(next) : next;
      void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, [param]: value }) } as never);
    },
    [navigate, param],
  );

  const close = useCallback(() => {
    if (pushed.current && window.history.length > 1) {
      pushed.current = false;
      window.history.back();
      return;
    }
    void navigate({
      to: '.',
      replace: true,
      search: (prev: Record<string, unknown>) => {
        const rest = { ...prev };
        delete rest[param];
        return rest;
      },
    } as never);
  }, [navigate, param]);

  return { value, open, close };
}
