import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReportGroup, AuditEntry } from '@common/api/reports';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { findToast, renderWithFeedback } from '@/test/render';
import { AdminPage } from './admin-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const group = (over: Partial<AdminReportGroup> = {}): AdminReportGroup => ({
  id: 41,
  targetType: 'post',
  targetId: 7,
  status: 'open',
  reporterCount: 3,
  reasons: ['abuse', 'spam'],
  details: ['광고예요'],
  latestAt: '2026-11-26T03:00:00.000Z',
  action: null,
  content: { title: '수상한 글', text: '여기로 연락 주세요', author: { id: 5, name: '글쓴이' }, matchId: null, postId: null, hidden: true, exists: true },
  appeal: null,
  targetUser: { id: 5, name: '글쓴이', suspended: false, suspendedUntil: null },
  ...over,
});

const audit: AuditEntry[] = [
  { id: 2, admin: { id: 1, name: '운영자' }, action: 'report.hide', targetType: 'post', targetId: 7, note: '광고', detail: {}, createdAt: '2026-11-26T03:05:00.000Z' },
];

async function confirmYes() {
  const dialog = await screen.findByRole('alertdialog');
  await userEvent.click(within(dialog).getByRole('button', { name: '확인' }));
}

describe('관리자 page (issue #17 item 6)', () => {
  it('shows each report with its content, count and reasons; 숨기기 and 정지 (30일) ask first and send the action', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'GET /api/admin/reports': () => jsonResponse([group()]),
      'POST /api/admin/reports/41/resolve': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse({ targetType: 'post', targetId: 7, action: 'hide', resolved: 3, hidden: true, suspension: null });
      },
    });
    renderWithFeedback(<AdminPage />);
    const card = (await screen.findByText('여기로 연락 주세요')).closest('li')!;
    const c = within(card);
    expect(card.textContent).toContain('신고 3명');
    expect(card.textContent).toContain('욕설·비하, 스팸·홍보');
    expect(card.textContent).toContain('수상한 글');
    expect(card.textContent).toContain('작성자 글쓴이');
    expect(card.textContent).toContain('광고예요');
    expect(card.textContent).toContain('숨김');

    await userEvent.click(c.getByRole('button', { name: '숨기기' }));
    await confirmYes();
    await findToast('처리했어요.');
    expect(bodies).toEqual([{ action: 'hide' }]);

    await userEvent.selectOptions(c.getByRole('combobox', { name: '정지 기간' }), '30일');
    await userEvent.click(c.getByRole('button', { name: '정지' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('글쓴이님을 30일 정지할까요?');
    await confirmYes();
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ action: 'suspend', days: 30 });

    await userEvent.selectOptions(c.getByRole('combobox', { name: '정지 기간' }), '영구');
    await userEvent.click(c.getByRole('button', { name: '무시' }));
    await confirmYes();
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toEqual({ action: 'dismiss' });
  });

  it("an appeal (issue #32 item 1) is labelled 이의 제기 with the author's note; 다시 보이기 and 숨김 유지 ask first and send dismiss / hide", async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'GET /api/admin/reports': () => jsonResponse([group({ appeal: { note: '광고가 아니라 후기예요', createdAt: '2026-11-26T04:00:00.000Z' } })]),
      'POST /api/admin/reports/41/resolve': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse({ targetType: 'post', targetId: 7, action: 'dismiss', resolved: 4, hidden: false, suspension: null });
      },
    });
    renderWithFeedback(<AdminPage />);
    const card = (await screen.findByText('여기로 연락 주세요')).closest('li')!;
    const c = within(card);
    expect(c.getByText('이의 제기')).toBeTruthy();
    expect(card.textContent).toContain('작성자의 이의: 광고가 아니라 후기예요');
    expect(c.queryByRole('button', { name: '무시' })).toBeNull();

    await userEvent.click(c.getByRole('button', { name: '다시 보이기' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('다시 보이게 할까요?');
    await confirmYes();
    await findToast('처리했어요.');
    await userEvent.click(c.getByRole('button', { name: '숨김 유지' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('숨김을 유지할까요?');
    await confirmYes();
    await waitFor(() => expect(bodies).toEqual([{ action: 'dismiss' }, { action: 'hide' }]));
  });

  it('a member target has no 숨기기; the resolved tab and the audit tab list what was done', async () => {
    const fetch = mockFetch({
      'GET /api/admin/reports': (url) =>
        jsonResponse(url.includes('status=resolved') ? [group({ id: 9, status: 'resolved', action: 'hide', content: { ...group().content, title: '처리된 글' } })] : [group({ targetType: 'member', content: { ...group().content, title: '회원이름', text: null, hidden: false } })]),
      'GET /api/admin/audit': () => jsonResponse(audit),
    });
    renderWithFeedback(<AdminPage />);
    const card = (await screen.findByText('회원이름')).closest('li')!;
    expect(within(card).queryByRole('button', { name: '숨기기' })).toBeNull();
    expect(within(card).getByRole('button', { name: '정지' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '처리됨' }));
    expect((await screen.findByText('처리된 글')).closest('li')!.textContent).toContain('숨김');
    expect(fetch.mock.calls.some(([u]) => String(u).includes('status=resolved'))).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: '감사 기록' }));
    const panel = await screen.findByRole('tabpanel');
    await waitFor(() => expect(panel.textContent).toContain('내용 숨김'));
    expect(panel.textContent).toContain('글 #7');
    expect(panel.textContent).toContain('운영자');
    expect(panel.textContent).toContain('광고');
  });
});
