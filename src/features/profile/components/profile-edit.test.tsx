import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@common/api/users';
import { useSession } from '@/lib/session/store';
import { fakeJwt, jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { findToast, renderWithFeedback } from '@/test/render';
import { ProfileEdit } from './profile-edit';

function setup(overrides: Partial<User> = {}) {
  const member = makeUser({ name: '박밥상', age: 30, ...overrides });
  useSession.getState().signIn({ token: fakeJwt(Date.now() + 3_600_000), user: member, remember: false });
  const onLeave = vi.fn();
  const { queryClient } = renderWithFeedback(<ProfileEdit user={member} onLeave={onLeave} />);
  queryClient.setQueryData(['me'], member);
  return { user: userEvent.setup(), onLeave, queryClient };
}

describe('profile edit (내 정보, SPEC §2, §5; issue #14)', () => {
  it('does not let the age be cleared: the error sits under 나이 and nothing is sent', async () => {
    const fetchMock = mockFetch({});
    const { user, onLeave } = setup();
    await user.clear(screen.getByLabelText('나이'));
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.getByLabelText('나이').getAttribute('aria-invalid')).toBe('true'));
    const described = screen.getByLabelText('나이').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described.split(' ')[0] ?? '')?.textContent).toBe('나이를 입력해주세요.');
    expect(document.activeElement).toBe(screen.getByLabelText('나이'));
    // No save went out (the page's only other call is the blocked-members list, issue #17).
    expect(fetchMock.mock.calls.filter(([url]) => !/\/api\/(blocks|matches\/absences)/.test(String(url)))).toEqual([]);
    expect(onLeave).not.toHaveBeenCalled();
  }, 15_000);

  it('노쇼 기록 lists the marks against me (meal, who, dispute, counted) with 이의 제기 while open; empty state', async () => {
    const now = Date.now();
    const mark = (over: Record<string, unknown>) => ({
      markedAt: new Date(now - 3_600_000).toISOString(),
      disputeUntil: new Date(now + 71 * 3_600_000).toISOString(),
      disputedAt: null,
      disputeNote: null,
      decision: null,
      ...over,
    });
    let marks = [
      { matchId: 5, meal: { placeName: '서린동 훠궈 정원', date: '2026-11-28', time: 19 }, markedBy: { id: 9, name: '김민지' }, mark: mark({}), counted: true },
      {
        matchId: 4,
        meal: { placeName: '을지로 국수집', date: '2026-11-20', time: 12 },
        markedBy: { id: 8, name: '이도윤' },
        mark: mark({ disputedAt: new Date(now - 60_000).toISOString(), decision: 'removed' }),
        counted: false,
      },
    ];
    const disputes: unknown[] = [];
    mockFetch({
      'GET /api/blocks': () => jsonResponse([]),
      'GET /api/matches/absences': () => jsonResponse(marks),
      'POST /api/matches/5/attendance/dispute': (_url, init) => {
        disputes.push(JSON.parse(String(init?.body)));
        marks = [{ ...marks[0]!, mark: mark({ disputedAt: new Date().toISOString() }), counted: false }, marks[1]!];
        return new Response('이의를 접수했어요. 운영진이 확인할게요.', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      },
    });
    const { user } = setup();
    const section = await screen.findByRole('region', { name: '노쇼 기록' });
    await waitFor(() => expect(section.textContent).toContain('서린동 훠궈 정원'));
    const items = section.querySelectorAll('li');
    expect(items[0]!.textContent).toContain('11월 28일 (토) 오후 7시');
    expect(items[0]!.textContent).toContain('김민지님이 알림 · 노쇼로 집계돼요');
    expect(items[0]!.textContent).toContain('까지 이의를 제기할 수 있어요.');
    expect(items[1]!.textContent).toContain('이도윤님이 알림 · 집계되지 않아요');
    expect(items[1]!.textContent).toContain('이의 제기 결과: 노쇼 기록이 지워졌어요');
    expect(items[1]!.querySelector('button')).toBeNull();
    await user.click(within(items[0] as HTMLElement).getByRole('button', { name: '이의 제기' }));
    const dialog = await screen.findByRole('dialog', { name: '이의 제기' });
    await user.click(within(dialog).getByRole('button', { name: '이의 제기' }));
    await findToast('이의를 접수했어요. 운영진이 확인할게요.');
    expect(disputes).toEqual([{}]);
    await waitFor(() => expect(section.querySelectorAll('li')[0]!.textContent).toContain('이의 제기됨 · 검토 중'));
  }, 15_000);

  it('노쇼 기록 says when there are none', async () => {
    mockFetch({ 'GET /api/blocks': () => jsonResponse([]), 'GET /api/matches/absences': () => jsonResponse([]) });
    setup();
    expect(await screen.findByText('노쇼 기록이 없어요.')).toBeTruthy();
  }, 15_000);

  it('lists the blocked members; 차단 해제 unblocks one and the list follows', async () => {
    let blocked = [{ user: { id: 7, name: '불편한 회원' }, createdAt: '2026-11-24T03:00:00.000Z' }];
    const del = vi.fn(() => {
      blocked = [];
      return new Response(null, { status: 204 });
    });
    mockFetch({ 'GET /api/blocks': () => jsonResponse(blocked), 'DELETE /api/blocks/7': del });
    const { user } = setup();
    const unblockButton = await screen.findByRole('button', { name: '불편한 회원 차단 해제' });
    expect(screen.getByRole('region', { name: '차단한 회원' }).textContent).toContain('불편한 회원');
    await user.click(unblockButton);
    await waitFor(() => expect(del).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('차단한 회원이 없어요.')).toBeTruthy();
  }, 15_000);

  it('내 데이터 내려받기 fetches the export with the token and saves it as a dated JSON file', async () => {
    const exported = {
      exportedAt: '2026-11-24T03:00:00.000Z',
      profile: { id: 1, email: 'me@example.com', name: '김민지' },
      schedules: [],
      matchRequests: { asRequester: [], asHost: [] },
      chatMessagesSent: [],
      posts: [],
      comments: [],
      reviews: { given: [], received: [] },
      blocks: [],
      reportsFiled: [],
      notifications: [],
      pushRegistrations: [],
      shareLinks: [],
      likes: [],
      postViews: [],
      tableMemberships: [],
      tableMessagesSent: [],
      chatStates: [],
      uploads: [],
      socialLogins: [],
    };
    const get = vi.fn(() => jsonResponse(exported));
    mockFetch({ 'GET /api/blocks': () => jsonResponse([]), 'GET /api/user/me/export': get });
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => (created.push(blob), 'blob:my-data'));
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: '내 데이터 내려받기' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(get).toHaveBeenCalledTimes(1);
    expect(clicked[0]!.download).toBe('bapsang-my-data-2026-11-24.json');
    expect(JSON.parse(await created[0]!.text())).toEqual(exported);
    click.mockRestore();
  }, 15_000);

  it('saves once, updates the member query and the session, and stays on 내 정보 (issue #31)', async () => {
    const put = vi.fn((_url: string, init: RequestInit | undefined) => jsonResponse(makeUser({ ...JSON.parse(String(init?.body)) })));
    mockFetch({ 'PUT /api/user/profile': put, 'GET /api/user/me': () => jsonResponse(makeUser({ name: '박밥상친구', age: 41 })) });
    const { user, onLeave, queryClient } = setup();
    await user.clear(screen.getByLabelText('이름'));
    await user.type(screen.getByLabelText('이름'), '박밥상친구');
    await user.clear(screen.getByLabelText('나이'));
    await user.type(screen.getByLabelText('나이'), '41');
    await user.dblClick(screen.getByRole('button', { name: '저장' }));
    await findToast('저장했어요.');
    expect(put).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(put.mock.calls[0]?.[1]?.body))).toMatchObject({ name: '박밥상친구', age: 41 });
    expect(onLeave).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: '내 정보' })).toBeTruthy();
    expect(useSession.getState().user?.name).toBe('박밥상친구');
    expect(queryClient.getQueryData(['me'])).toMatchObject({ name: '박밥상친구', age: 41 });
  }, 15_000);

  it('동네 is a select of the list (선택 안 함 first), saved with the profile and cleared with 선택 안 함 (issue #31 item 2)', async () => {
    const put = vi.fn((_url: string, init: RequestInit | undefined) => jsonResponse(makeUser({ ...JSON.parse(String(init?.body)) })));
    mockFetch({ 'PUT /api/user/profile': put });
    const { user, queryClient } = setup({ neighbourhood: '역삼동' });
    const select = screen.getByLabelText<HTMLSelectElement>('동네');
    expect(select.value).toBe('역삼동');
    expect(select.options[0]?.textContent).toBe('선택 안 함');
    expect(select.options.length).toBeGreaterThanOrEqual(41);
    // Grouped by 구.
    expect(within(select).getByRole('group', { name: '마포구' }).textContent).toContain('망원동');
    expect(screen.getByText('위치를 공유하지 않을 때 매칭에서 이 동네를 기준으로 거리를 재요. 다른 회원에게는 보이지 않아요.')).toBeTruthy();

    await user.selectOptions(select, '망원동');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await findToast('저장했어요.');
    expect(JSON.parse(String(put.mock.calls[0]?.[1]?.body))).toMatchObject({ name: '박밥상', neighbourhood: '망원동' });
    expect(useSession.getState().user?.neighbourhood).toBe('망원동');
    expect(queryClient.getQueryData(['me'])).toMatchObject({ neighbourhood: '망원동' });

    await user.selectOptions(select, '선택 안 함');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(put.mock.calls[1]?.[1]?.body))).toMatchObject({ neighbourhood: null });
    await waitFor(() => expect(useSession.getState().user?.neighbourhood).toBeNull());
  }, 15_000);

  it('puts a server 400 naming 동네 under the select', async () => {
    mockFetch({ 'PUT /api/user/profile': () => jsonResponse({ code: 'VALIDATION', field: 'neighbourhood', message: "'동네'(neighbourhood) 값이 올바르지 않아요." }, 400) });
    const { user } = setup();
    expect(screen.getByLabelText<HTMLSelectElement>('동네').value).toBe('');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.getByLabelText('동네').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText("'동네'(neighbourhood) 값이 올바르지 않아요.")).toBeTruthy();
  }, 15_000);

  it('로그아웃 on 내 정보 signs the member out and leaves for the home page (issue #31)', async () => {
    mockFetch({});
    const { user, onLeave } = setup();
    await user.click(screen.getByRole('button', { name: '로그아웃' }));
    expect(useSession.getState().user).toBeNull();
    expect(onLeave).toHaveBeenCalledWith('/');
  }, 15_000);

  it('puts a server 400 naming a field on that field, with no toast', async () => {
    mockFetch({ 'PUT /api/user/profile': () => jsonResponse({ code: 'VALIDATION', field: 'bio', message: "'자기소개'(bio) 값이 올바르지 않습니다." }, 400) });
    const { user, onLeave } = setup();
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.getByLabelText('자기소개').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText("'자기소개'(bio) 값이 올바르지 않습니다.")).toBeTruthy();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    expect(onLeave).not.toHaveBeenCalled();
  }, 15_000);
});
