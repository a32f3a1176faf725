import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOutbox, type OutboxEntry } from '@/lib/outbox';
import { useSavedAt } from '@/lib/saved-at-store';
import { OfflineBanner } from './offline-banner';

const BANNER = '오프라인 상태입니다. 저장된 내용을 보여드리고 있어요.';

const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({
  key: 'k1',
  memberId: 1,
  method: 'POST',
  path: '/api/board/3/comments',
  body: { text: '맛있어요' },
  kind: 'comment',
  label: '댓글: 맛있어요',
  scope: '3',
  createdAt: '2026-11-22T00:00:00.000Z',
  attempts: 1,
  ...over,
});

afterEach(() => {
  vi.restoreAllMocks();
  act(() => {
    useSavedAt.getState().reset();
    useOutbox.setState({ entries: [] });
  });
});

describe('offline banner', () => {
  it('appears when the browser goes offline and leaves when it is back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByText(BANNER)).toBeNull();
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText(BANNER)).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(BANNER)).toBeNull();
  });

  it('says when the answers on screen were saved, in KST, and forgets it once back online', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    act(() => {
      useSavedAt.getState().record('/api/board', '2026-11-21T09:05:00.000Z');
      useSavedAt.getState().record('/api/schedules', '2026-11-21T10:00:00.000Z');
    });
    // the oldest of the screen's answers: 09:05 UTC = 18:05 KST
    expect(screen.getByTestId('offline-saved-at').textContent).toBe('11월 21일 오후 6:05 저장');
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(BANNER)).toBeNull();
    expect(screen.queryByTestId('offline-saved-at')).toBeNull();
  });

  it('counts waiting writes and lists refused ones with the server message until dismissed', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    act(() =>
      useOutbox.setState({
        entries: [entry({ key: 'a' }), entry({ key: 'b', label: '메시지: 안녕', failure: { status: 403, message: '참여자만 보낼 수 있습니다.' } })],
      }),
    );
    expect(screen.getByTestId('outbox-pending').textContent).toBe('전송 대기 1건');
    const failures = screen.getByRole('region', { name: '보내지 못한 글' });
    expect(within(failures).getByRole('alert').textContent).toBe('보내지 못했어요: 메시지: 안녕 — 참여자만 보낼 수 있습니다.');
    await userEvent.click(within(failures).getByRole('button', { name: '메시지: 안녕 알림 닫기' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: '보내지 못한 글' })).toBeNull());
  });
});
