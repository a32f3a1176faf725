import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Drafts in memory (jsdom has no IndexedDB). */
const drafts = vi.hoisted(() => new Map<string, { values: unknown; savedAt: string }>());
vi.mock('@/lib/drafts', () => ({
  saveDraft: async (m: number, k: string, id: number, values: unknown) => void drafts.set(`${m}:${k}:${id}`, { values, savedAt: new Date().toISOString() }),
  loadDraft: async (m: number, k: string, id: number) => drafts.get(`${m}:${k}:${id}`) ?? null,
  clearDraft: async (m: number, k: string, id: number) => void drafts.delete(`${m}:${k}:${id}`),
}));
import type { MatchRequest } from '@common/api/matches';
import type { Review } from '@common/api/reviews';
import { resetFeedback } from '@/components/ui/feedback-store';
import { dismissOutboxFailure, useOutbox } from '@/lib/outbox';
import { useSession } from '@/lib/session/store';
import { matchKey } from '@/shared/api/match';
import { jsonResponse, makeMatchRequest, makeUser, memberRef, mockFetch } from '@/test/fixtures';
import { createTestQueryClient, findToast, renderWithFeedback, textResponse } from '@/test/render';
import { koreanClock } from '@/lib/dates';
import { WriteReviewPage } from './write-review-page';

afterEach(() => {
  resetFeedback();
  vi.unstubAllGlobals();
  drafts.clear();
  useSession.setState({ status: 'signedOut', user: null });
});

const target = { matchId: 7, opponent: { opponentId: 42, opponentName: '김밥', opponentProfileImage: null } };

/** The stored review as `POST /api/reviews` answers it (201). */
const saved: Review = { id: 1, matchId: 7, revieweeId: 42, rating: 3, comment: '다음에 또 만나요', createdAt: '2026-11-20T12:00:00.000Z', reviewer: { name: '나', profileImage: null } };

function match(id: number, status: MatchRequest['status'], extra: Partial<MatchRequest> = {}): MatchRequest {
  return makeMatchRequest({
    id,
    status,
    requester: memberRef(1, '나'),
    ...extra,
    schedule: { id: 3, member: memberRef(42, '호스트', { profileImage: '/avatars/duck.svg' }), placeName: '식당', date: '2026-11-20', time: 18, text: '저녁', ...extra.schedule },
  });
}

/**
 * A query client holding match 7 (`GET /api/matches/7`, issue #19: I requested it; the meal is over
 * and I said the host came), as an earlier visit leaves it: the form shows at once.
 */
function seeded(extra: Partial<MatchRequest> = {}): QueryClient {
  const client = createTestQueryClient();
  // Fresh for the whole test: no background refetch of the lists.
  client.setQueryDefaults(['matches'], { staleTime: Infinity });
  client.setQueryData(matchKey(7), match(7, 'CONFIRMED', { attendance: { byHost: null, byRequester: true }, ...extra }));
  return client;
}

describe('WriteReviewPage', () => {
  it('shows the opponent (default avatar), 3 stars, a 4-row comment; posts and goes on', async () => {
    const user = userEvent.setup();
    let body: unknown;
    let release: () => void = () => undefined;
    mockFetch({
      'POST /api/reviews': async (_url, init) => {
        body = JSON.parse(String(init?.body));
        await new Promise<void>((r) => (release = r));
        return jsonResponse(saved, 201);
      },
    });
    const onDone = vi.fn();
    renderWithFeedback(<WriteReviewPage target={target} lookupMatchId={undefined} onDone={onDone} />, seeded());
    expect(screen.getByRole('heading', { level: 1, name: '리뷰 작성' })).toBeTruthy();
    expect(screen.getByText('김밥')).toBeTruthy();
    expect(document.querySelector('img.avatar')?.getAttribute('src')).toMatch(/avatar|default|\.svg|\.png/);
    expect(screen.getByRole('radio', { name: '3점' }).getAttribute('aria-checked')).toBe('true');
    const box = screen.getByRole('textbox', { name: '후기' }) as HTMLTextAreaElement;
    expect(box.rows).toBe(4);
    await user.click(screen.getByRole('radio', { name: '5점' }));
    await user.type(box, '  맛있게 잘 먹었어요  ');
    await user.click(screen.getByRole('button', { name: '등록' }));
    await waitFor(() => expect((screen.getByRole('button', { name: '등록' }) as HTMLButtonElement).disabled).toBe(true));
    release();
    expect(await screen.findByText('리뷰를 등록했어요.')).toBeTruthy();
    expect(body).toEqual({ matchId: 7, revieweeId: 42, rating: 5, comment: '맛있게 잘 먹었어요' });
    expect(onDone).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('offline, the review waits in the outbox: the page says so, goes on, and the match shows it as pending', async () => {
    const user = userEvent.setup();
    useSession.setState({ status: 'signedIn', user: makeUser({ id: 1 }) });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetch = mockFetch({ 'POST /api/reviews': () => jsonResponse(saved, 201) });
    const onDone = vi.fn();
    const { unmount } = renderWithFeedback(<WriteReviewPage target={target} lookupMatchId={undefined} onDone={onDone} />, seeded());
    await user.type(screen.getByRole('textbox', { name: '후기' }), '다음에 또 만나요');
    await user.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText('오프라인 상태라 연결되면 보낼게요.')).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
    unmount();
    // Opened again for the same match while it waits: marked pending, cannot be sent twice.
    renderWithFeedback(<WriteReviewPage target={target} lookupMatchId={undefined} onDone={onDone} />, seeded());
    expect(screen.getByText('전송 대기 중')).toBeTruthy();
    expect((screen.getByRole('button', { name: '등록' }) as HTMLButtonElement).disabled).toBe(true);
    onLine.mockRestore();
    for (const entry of useOutbox.getState().entries) await dismissOutboxFailure(entry.key);
    useSession.setState({ status: 'signedOut', user: null });
  });

  it('shows the server message on failure, else the fallback, and stays', async () => {
    const user = userEvent.setup();
    let answer = jsonResponse({ message: '이미 리뷰를 작성했어요.', code: 'ALREADY_REVIEWED' }, 409);
    mockFetch({ 'POST /api/reviews': () => answer });
    const onDone = vi.fn();
    renderWithFeedback(<WriteReviewPage target={target} lookupMatchId={undefined} onDone={onDone} />, seeded());
    await user.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText('이미 리뷰를 작성했어요.')).toBeTruthy();
    answer = new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText('리뷰 등록 중 오류가 생겼어요.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('without navigation state or ?matchId= it shows the missing-opponent message', () => {
    renderWithFeedback(<WriteReviewPage target={null} lookupMatchId={undefined} onDone={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe('상대방 정보가 없어요. 매칭 내역에서 다시 시도해주세요.');
    expect(screen.queryByRole('button', { name: '등록' })).toBeNull();
  });

  it('a deep link ?matchId= finds the confirmed match by GET /api/matches/{id} (I am the requester); it asks first whether the host came', async () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ id: 1 }) });
    const user = userEvent.setup();
    const answers: unknown[] = [];
    let status = 503;
    const fetch = mockFetch({
      'GET /api/matches/9': () => jsonResponse(match(9, 'CONFIRMED')),
      'POST /api/matches/9/attendance': (_url, init) => {
        answers.push(JSON.parse(String(init?.body)));
        return status === 200 ? textResponse('답변을 저장했어요.') : jsonResponse({ message: '잠시 후 다시 시도해주세요.' }, status);
      },
    });
    renderWithFeedback(<WriteReviewPage target={null} lookupMatchId={9} onDone={vi.fn()} />);
    expect(await screen.findByText('호스트')).toBeTruthy();
    // Issue #15: the attendance question comes before the rating form.
    const question = screen.getByRole('group', { name: '상대방이 약속 장소에 나왔나요?' });
    expect(screen.queryByRole('button', { name: '등록' })).toBeNull();
    await user.click(within(question).getByRole('button', { name: '안 나왔어요' }));
    await findToast('잠시 후 다시 시도해주세요.');
    expect(screen.queryByRole('button', { name: '등록' })).toBeNull();
    status = 200;
    await user.click(within(question).getByRole('button', { name: '나왔어요' }));
    expect(await screen.findByRole('button', { name: '등록' })).toBeTruthy();
    // The answer buttons are gone: focus moves to the checked star, not to the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: '3점' })));
    expect(answers).toEqual([{ partnerAttended: false }, { partnerAttended: true }]);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST' && String(init.body).includes('rating'))).toBe(false);
    // Issue #19: one match by id, never the lists' newest 100.
    expect(fetch.mock.calls.some(([u]) => /\/api\/matches(\/sent)?(\?|$)/.test(String(u)))).toBe(false);
  });

  it('a deep link to a match I host reviews its requester, with my (the host\'s) attendance answer', async () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ id: 42 }) });
    mockFetch({ 'GET /api/matches/9': () => jsonResponse(match(9, 'CONFIRMED', { attendance: { byHost: true, byRequester: null } })) });
    renderWithFeedback(<WriteReviewPage target={null} lookupMatchId={9} onDone={vi.fn()} />);
    // The requester 나 is the one reviewed; I answered already, so the form comes at once.
    expect(await screen.findByText('나')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '등록' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: '상대방이 약속 장소에 나왔나요?' })).toBeNull();
  });

  it('before reviews open (the meal\'s end) it says when, with a link back to 활동 내역, instead of the form', async () => {
    const user = userEvent.setup();
    mockFetch({});
    // Started an hour ago: reviews open 30 minutes from now (start + 90 min).
    const start = Date.now() - 60 * 60_000;
    const later = match(7, 'CONFIRMED');
    const client = seeded();
    client.setQueryData(
      matchKey(7),
      makeMatchRequest({ ...later, reviewOpensAt: new Date(start + 90 * 60_000).toISOString(), schedule: { ...later.schedule, startsAt: new Date(start).toISOString() } }),
    );
    const onDone = vi.fn();
    renderWithFeedback(<WriteReviewPage target={target} lookupMatchId={undefined} onDone={onDone} />, client);
    expect(screen.getByRole('status').textContent).toContain(`${koreanClock(start + 90 * 60_000)}부터 후기를 쓸 수 있어요.`);
    expect(screen.queryByRole('button', { name: '등록' })).toBeNull();
    expect(screen.queryByRole('group', { name: '상대방이 약속 장소에 나왔나요?' })).toBeNull();
    await user.click(screen.getByRole('link', { name: '활동 내역으로 돌아가기' }));
    expect(onDone).toHaveBeenCalled();
  });

  it.each([
    ['not confirmed', () => jsonResponse(match(9, 'ACCEPTED'))],
    ['already reviewed by my side', () => jsonResponse(match(9, 'CONFIRMED', { requesterReviewed: true }))],
    ['not mine (the server answers 404)', () => jsonResponse({ message: '매칭을 찾을 수 없어요.', code: 'MATCH_NOT_FOUND' }, 404)],
  ])('a deep link to a match that is %s shows the missing-opponent message', async (_name, answer) => {
    useSession.setState({ status: 'signedIn', user: makeUser({ id: 1 }) });
    mockFetch({ 'GET /api/matches/9': answer });
    renderWithFeedback(<WriteReviewPage target={null} lookupMatchId={9} onDone={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe('상대방 정보가 없어요. 매칭 내역에서 다시 시도해주세요.');
  });

  it('checks the comment with the server schema: the error under the field, aria-invalid, nothing sent, no toast', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({ 'POST /api/reviews': () => jsonResponse(saved, 201) });
    renderWithFeedback(<WriteReviewPage target={target} lookupMatchId={undefined} onDone={vi.fn()} />, seeded());
    const box = screen.getByRole('textbox', { name: '후기' });
    await user.click(box);
    await user.paste('가'.repeat(501));
    await user.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText('후기는 500자까지 쓸 수 있어요.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('후기는 500자까지 쓸 수 있어요.');
    expect(document.activeElement).toBe(box);
    expect(fetch).not.toHaveBeenCalled();
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(0);
  });

  it('a server 400 naming the comment lands on that field', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/reviews': () => jsonResponse({ code: 'VALIDATION', field: 'comment', message: "'후기'(comment) 값이 올바르지 않습니다." }, 400) });
    const onDone = vi.fn();
    renderWithFeedback(<WriteReviewPage target={target} lookupMatchId={undefined} onDone={onDone} />, seeded());
    await user.type(screen.getByRole('textbox', { name: '후기' }), '좋았어요');
    await user.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText("'후기'(comment) 값이 올바르지 않습니다.")).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '후기' }).getAttribute('aria-invalid')).toBe('true');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('keeps a half-written review: coming back offers 이어쓰기 (restores it) or 새로 쓰기 (clears it); sending clears it', async () => {
    const user = userEvent.setup();
    useSession.setState({ status: 'signedIn', user: makeUser({ id: 1 }) });
    mockFetch({ 'POST /api/reviews': () => jsonResponse(saved, 201) });
    const first = renderWithFeedback(<WriteReviewPage target={target} lookupMatchId={undefined} onDone={vi.fn()} />, seeded());
    await user.click(screen.getByRole('radio', { name: '4점' }));
    await user.type(screen.getByRole('textbox', { name: '후기' }), '반쯤 쓴 후기');
    await waitFor(() => expect(drafts.get('1:review:7')?.values).toEqual({ rating: 4, comment: '반쯤 쓴 후기' }));
    first.unmount();

    // Back again: offered; 새로 쓰기 starts blank and forgets it.
    const second = renderWithFeedback(<WriteReviewPage target={target} lookupMatchId={undefined} onDone={vi.fn()} />, seeded());
    expect(await screen.findByText('작성 중이던 리뷰가 있어요.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '새로 쓰기' }));
    expect((screen.getByRole('textbox', { name: '후기' }) as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('radio', { name: '3점' }).getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: '3점' })));
    expect(drafts.has('1:review:7')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: '후기' }), '다시 쓴 후기');
    await waitFor(() => expect(drafts.get('1:review:7')?.values).toEqual({ rating: 3, comment: '다시 쓴 후기' }));
    second.unmount();

    // 이어쓰기 restores it; sending clears it.
    const onDone = vi.fn();
    renderWithFeedback(<WriteReviewPage target={target} lookupMatchId={undefined} onDone={onDone} />, seeded());
    await user.click(await screen.findByRole('button', { name: '이어쓰기' }));
    expect((screen.getByRole('textbox', { name: '후기' }) as HTMLTextAreaElement).value).toBe('다시 쓴 후기');
    await user.click(screen.getByRole('button', { name: '등록' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(drafts.has('1:review:7')).toBe(false);
  });
});
