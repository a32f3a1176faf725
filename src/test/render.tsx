import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ConfirmHost } from '@/components/ui/confirm-dialog';
import { Toasts } from '@/components/ui/toasts';

/** A query client for one test: no retries, nothing cached between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity, networkMode: 'always' }, mutations: { retry: false, networkMode: 'always' } } });
}

/**
 * Renders `ui` as the app shell does: inside a fresh TanStack Query client (issue #14), with the
 * toast live regions and the confirm dialog host. The client is on the result (`queryClient`).
 */
export function renderWithFeedback(ui: ReactElement, queryClient: QueryClient = createTestQueryClient()): RenderResult & { queryClient: QueryClient } {
  const result = render(
    <QueryClientProvider client={queryClient}>
      {/* First, as in the shell: its subscription must exist before the page's effects raise a toast. */}
      <Toasts />
      {ui}
      <ConfirmHost />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export function textResponse(text: string, status = 200): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** The toasts on screen (sonner's `[data-sonner-toast]` items). */
function toastElements(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
}

/** Waits for a toast whose text contains `text` and answers it (issue #14: toasts are sonner's). */
export function findToast(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = toastElements().find((e) => e.textContent?.includes(text));
    if (!found) throw new Error(`no toast containing "${text}"; toasts: ${toastElements().map((e) => e.textContent).join(' | ') || 'none'}`);
    return found;
  });
}

/** The texts of the toasts on screen now. */
export function toastTexts(): string[] {
  return toastElements().map((e) => e.textContent ?? '');
}
