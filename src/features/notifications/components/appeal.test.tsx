/**
 * Issue #32 item 1: a `content_hidden` item of 알림 has an 이의 제기 button; its dialog sends the note
 * once (no double submit), shows the server's Korean refusal on the field, toasts the confirmation,
 * and the item then says "이의를 접수했어요" instead of the button.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '@common/api/notifications';
import { Toasts } from '@/components/ui/toasts';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { createTestQueryClient, findToast } from '@/test/render';
import { NotificationsPage } from './notifications-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const hiddenItem: NotificationItem = {
  id: 9,
  type: 'content_hidden',
  message: '회원님의 글이 신고로 숨겨졌어요 (사유: 스팸·홍보). 알림에서 한 번 이의를 제기할 수 있어요.',
  link: '/notifications',
  read: false,
  createdAt: new Date().toISOString(),
  target: { type: 'post', id: 12 },
  appealed: false,
};

function renderInbox() {
  const root = createRootRoute({
    component: () => (
      <>
        <Toasts />
        <Outlet />
      </>
    ),
  });
  const inbox = createRoute({ getParentRoute: () => root, path: '/notifications', component: NotificationsPage });
  const router = createRouter({ routeTree: root.addChildren([inbox]), history: createMemoryHistory({ initialEntries: ['/notifications'] }) });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('이의 제기 from the inbox (issue #32 item 1)', () => {
  it('sends the note once, shows a refusal on the field, then toasts and replaces the button with 이의를 접수했어요', async () => {
    const sent: unknown[] = [];
    let appealed = false;
    let answer: () => Promise<Response> = async () => jsonResponse({ code: 'APPEAL_TARGET_NOT_FOUND', message: '이의를 제기할 숨겨진 내용을 찾을 수 없어요.' }, 404);
    mockFetch({
      'GET /api/notifications': () => jsonResponse([{ ...hiddenItem, appealed }]),
      'GET /api/notifications/unread-count': () => jsonResponse({ count: 1 }),
      'POST /api/reports/appeal': async (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answer();
      },
    });
    renderInbox();

    await userEvent.click(await screen.findByRole('button', { name: '이의 제기' }));
    const dialog = await screen.findByRole('dialog');
    const note = within(dialog).getByRole('textbox', { name: /이의 제기 내용/ });

    // Blank: refused in the form, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: '이의 제기' }));
    expect(await within(dialog).findByText('이의 제기 내용을 입력해주세요.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    // The server's Korean refusal lands on the field.
    await userEvent.type(note, '  광고가 아니라 제가 다녀온 식당 후기예요.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: '이의 제기' }));
    expect(await within(dialog).findByText('이의를 제기할 숨겨진 내용을 찾을 수 없어요.')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');

    // Accepted: one request however often it is pressed, a toast, and the item says it is received.
    let release!: () => void;
    answer = () =>
      new Promise<Response>((resolve) => {
        release = () => {
          appealed = true;
          resolve(jsonResponse({ id: 31, message: '이의를 접수했어요. 운영진이 확인하고 알려드릴게요.' }, 201));
        };
      });
    const submit = within(dialog).getByRole('button', { name: '이의 제기' });
    await userEvent.click(submit);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '보내는 중…' }).hasAttribute('disabled')).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: '보내는 중…' }));
    release();
    await findToast('이의를 접수했어요. 운영진이 확인하고 알려드릴게요.');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ targetType: 'post', targetId: 12, note: '광고가 아니라 제가 다녀온 식당 후기예요.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('이의를 접수했어요')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '이의 제기' })).toBeNull();
  });
});
