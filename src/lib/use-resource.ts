/**
 * Loads something once per `key` and on `reload()`. A failure keeps the last data (or the
 * `empty` value — SPEC §8 lists that fail to load count as empty) and says so, so a page can
 * show a retry button instead of lying silently.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Resource<T> {
  data: T;
  status: 'loading' | 'ready' | 'error';
  /** Loads again; resolves when done (never rejects). */
  reload: () => Promise<void>;
}

export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, empty: T, key: unknown = null, enabled = true): Resource<T> {
  const [data, setData] = useState<T>(empty);
  const [status, setStatus] = useState<Resource<T>['status']>('loading');
  const loader = useRef(load);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    loader.current = load;
  });

  const run = useCallback(async () => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setStatus((s) => (s === 'ready' ? s : 'loading'));
    try {
      const next = await loader.current(c.signal);
      if (c.signal.aborted) return;
      setData(next);
      setStatus('ready');
    } catch (error) {
      if (c.signal.aborted) return;
      console.warn('load failed', error);
      setStatus('error');
    }
  }, []);

  useEffect(() => {
    if (!enabled) return;
    // Loading on mount and when the key changes is the point of this hook.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void run();
    return () => controller.current?.abort();
  }, [run, key, enabled]);

  return { data, status, reload: run };
}
