import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ConfirmHost } from '@/components/ui/confirm-dialog';
import { Toasts } from '@/components/ui/toasts';

/** Renders `ui` with the toast live regions and the confirm dialog host, as the app shell does. */
export function renderWithFeedback(ui: ReactElement): RenderResult {
  return render(
    <>
      {ui}
      <Toasts />
      <ConfirmHost />
    </>,
  );
}

export function textResponse(text: string, status = 200): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
