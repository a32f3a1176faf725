import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
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
      {ui}
      <Toasts />
      <ConfirmHost />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export function textResponse(text: string, status = 200): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
