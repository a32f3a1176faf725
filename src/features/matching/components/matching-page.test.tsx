import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schedule } from '@common/api/schedules';
import { addDaysIso, todayKst } from '@common/domain/schedule';
import { koreanDate } from '@common/domain/korean-time';
import { jsonResponse, makeSchedule, memberStats, mockFetch } from '@/test/fixtures';
import { renderWithFeedback, textResponse, findToast } from '@/test/render';
import { MatchingPage } from './matching-page';
import { DAY_PAGE_SIZE } from '../api/get-schedules';

const today = todayKst();

function schedule(id: number, authorId: number, extra: Partial<Schedule> = {}): Schedule {
  return makeSchedule(id, {
    time: 12 + id,
    user: { id: authorId, name: `회원${authorId}`, profileImage: null, preferences: { 한식: true, 중식: false, 맵찔이: true }, reviewCount: 2, averageRating: 4.5, ...memberStats({ mealCount: 4, noShowCount: 0, lateCancelCount: 1 }) },
    ...extra,
  });
}

/**
 * A fake of the server's day list (issue #19): answers the schedules of `?date=` (and of
 * `?category=` when given), `?limit=` at a time with `Link: <…>; rel="next"`; non-schedule
 * answers (an error) pass through.
 */
function dayServer(all: () => Schedule[] | Response) {
  return (url: string) => {
    const list = all();
    if (list instanceof Response) return list;
    const q = new URL(url, 'http://x').searchParams;
    const categories = q.get('category')?.split(',');
    const matching = list.filter((s) => (!q.get('date') || s.date === q.get('date')) && (!categories || categories.includes(s.placeCategory)));
    const start = Number(q.get('cursor') ?? 0);
    const limit = Number(q.get('limit') ?? 20);
    const res = jsonResponse(matching.slice(start, start + limit));
    if (start + limit < matching.length) {
      q.set('cursor', String(start + limit));
      res.headers.set('Link', `</api/schedules?${q.toString()}>; rel="next"`);
    }
    return res;
  };
}

/** The fake calendar: one entry per day of `list`. */
function calendarServer(all: () => Schedule[]) {
  return () => {
    const days = new Map<string, Set<string>>();
    const counts = new Map<string, number>();
    for (const s of all()) {
      days.set(s.date, (days.get(s.date) ?? new Set()).add(s.placeCategory));
      counts.set(s.date, (counts.get(s.date) ?? 0) + 1);
    }
    return jsonResponse([...days].map(([date, cats]) => ({ date, count: counts.get(date), categories: [...cats].sort() })));
  };
}

function dayList() {
  const [, m, d] = today.split('-').map(Number);
  return screen.findByRole('list', { name: `${m}월 ${d}일 일정 목록` });
}

describe('matching page (SPEC §5, §8)', () => {
  it('asks to select a schedule, refuses my own, and requests with confirmation', async () => {
    const user = userEvent.setup();
    let requested = false;
    const fetch = mockFetch({
      'GET /api/schedules': dayServer(() => [schedule(1, 1), schedule(2, 2, { myRequestStatus: requested ? 'PENDING' : null }), schedule(3, 2, { date: addDaysIso(today, 30) })]),
      'POST /api/matches': () => {
        requested = true;
        return textResponse('매칭 신청이 완료되었습니다.', 201);
      },
    });
    renderWithFeedback(<MatchingPage myId={1} />);
    const list = await dayList();
    expect(within(list).getAllByRole('button', { pressed: false })).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: '매칭 신청' }));
    await findToast('매칭을 신청할 일정을 선택해주세요.');

    await user.click(within(list).getByRole('button', { name: /^식당1/ }));
    await user.click(screen.getByRole('button', { name: '매칭 신청' }));
    await findToast('자신이 만든 일정에는 매칭을 신청할 수 없습니다.');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    const other = within(list).getByRole('button', { name: /^식당2/ });
    await user.click(other);
    expect(other.getAttribute('aria-pressed')).toBe('true');
    expect(other.textContent).toContain('1/4명');
    await user.click(screen.getByRole('button', { name: '매칭 신청' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('이 일정에 매칭을 신청할까요?');
    await user.click(within(confirm).getByRole('button', { name: '확인' }));
    await findToast('매칭 신청이 완료되었습니다.');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ scheduleId: 2 });
    // The window refetches (seats changed, 신청함 now): 매칭 신청 gives way to 신청함, and the focus
    // it got back from the confirm moves to the selected card rather than falling to the page.
    await waitFor(() => expect(fetch.mock.calls.filter(([url, init]) => String(url).includes('/api/schedules?') && (init?.method ?? 'GET') === 'GET')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: '매칭 신청' })).toBeNull());
    expect(document.querySelector('.matching-toolbar__requested')?.textContent).toBe('신청함');
    const card = within(list).getByRole('button', { name: /^식당2/ });
    expect(card.textContent).toContain('신청함');
    await waitFor(() => expect(document.activeElement).toBe(card));
  });

  it('a failed load says so with 다시 시도, which loads the list', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch({ 'GET /api/schedules': dayServer(() => (fail ? jsonResponse({ message: '오류', code: 'X' }, 500) : [schedule(2, 2)])) });
    renderWithFeedback(<MatchingPage myId={1} />);
    expect((await screen.findByRole('alert')).textContent).toContain('불러오지 못했어요');
    fail = false;
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(within(await dayList()).getByRole('button', { name: /^식당2/ })).toBeTruthy();
  });

  it('shows the server text of a refused request', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/schedules': dayServer(() => [schedule(2, 2)]),
      'POST /api/matches': () => textResponse('이미 신청한 일정입니다.', 409),
    });
    renderWithFeedback(<MatchingPage myId={1} />);
    await user.click(within(await dayList()).getByRole('button', { name: /^식당2/ }));
    await user.click(screen.getByRole('button', { name: '매칭 신청' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '확인' }));
    await findToast('매칭 신청 실패: 이미 신청한 일정입니다.');
  });

  it('cards say where my request stands; after my own cancellation 매칭 신청 is offered again and a 409 shows the server text (issue #28 item 2)', async () => {
    const user = userEvent.setup();
    const statuses = ['ACCEPTED', 'CONFIRMED', 'REJECTED', 'CANCELLED'] as const;
    mockFetch({
      'GET /api/schedules': dayServer(() => statuses.map((status, i) => schedule(i + 2, i + 2, { myRequestStatus: status }))),
      'POST /api/matches': () => textResponse('호스트가 거절한 약속이라 다시 신청할 수 없어요.', 409),
    });
    renderWithFeedback(<MatchingPage myId={1} />);
    const list = await dayList();
    const card = (n: number) => within(list).getByRole('button', { name: new RegExp(`^식당${n}`) });
    expect(card(2).textContent).toContain('수락됨');
    expect(card(3).textContent).toContain('확정됨');
    expect(card(4).textContent).toContain('거절됨');
    expect(card(5).textContent).toContain('취소됨');
    for (const n of [2, 3, 4, 5]) expect(card(n).textContent).not.toContain('신청함');

    await user.click(card(4));
    expect(screen.queryByRole('button', { name: '매칭 신청' })).toBeNull();
    expect(document.querySelector('.matching-toolbar__requested')?.textContent).toBe('거절됨');
    await user.click(card(5));
    await user.click(screen.getByRole('button', { name: '매칭 신청' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '확인' }));
    await findToast('매칭 신청 실패: 호스트가 거절한 약속이라 다시 신청할 수 없어요.');
  });

  it("opens the author's profile with true preferences and 아직 없어요 below 5 reviews", async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/schedules': () => jsonResponse([schedule(2, 2)]) });
    renderWithFeedback(<MatchingPage myId={1} />);
    await user.click(within(await dayList()).getByRole('button', { name: '회원2 프로필' }));
    const dialog = await screen.findByRole('dialog', { name: '회원2' });
    expect(within(dialog).getByText('선호 음식')).toBeTruthy();
    expect(within(dialog).getByText('한식')).toBeTruthy();
    expect(within(dialog).getByText('맵찔이')).toBeTruthy();
    expect(within(dialog).queryByText('중식')).toBeNull();
    expect(within(dialog).getByText('아직 없어요')).toBeTruthy();
  });

  it('says when random match finds nobody, and selects what it finds', async () => {
    const user = userEvent.setup();
    let found: Schedule | null = null;
    mockFetch({
      'GET /api/schedules': dayServer(() => []),
      'GET /api/schedules/random': () => (found ? jsonResponse(found) : jsonResponse({ message: '현재 매칭 가능한 상대가 없습니다.', code: 'NO_MATCH_AVAILABLE' }, 404)),
    });
    renderWithFeedback(<MatchingPage myId={1} />);
    expect(await screen.findByText(/앞으로 3주 동안 등록된 약속이 없어요/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '랜덤 매칭' }));
    await findToast('현재 매칭 가능한 상대가 없습니다.');

    found = schedule(5, 7, { date: addDaysIso(today, 3) });
    await user.click(screen.getByRole('button', { name: '랜덤 매칭' }));
    const [, m, d] = addDaysIso(today, 3).split('-').map(Number);
    const list = await screen.findByRole('list', { name: `${m}월 ${d}일 일정 목록` });
    expect(within(list).getByRole('button', { name: /^식당5/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('narrows by the filter only after 적용', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({ 'GET /api/schedules': dayServer(() => [schedule(1, 2), schedule(2, 2, { placeCategory: '중식' })]) });
    renderWithFeedback(<MatchingPage myId={1} />);
    const list = await dayList();
    expect(within(list).getAllByRole('button', { pressed: false })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: '필터' }));
    const dialog = await screen.findByRole('dialog', { name: '필터' });
    expect(within(dialog).getByRole('button', { name: '5km' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: '중식' }));
    await user.click(within(dialog).getByRole('button', { name: '적용' }));
    const narrowed = await dayList();
    await waitFor(() => expect(within(narrowed).getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toEqual([expect.stringContaining('식당2')]));
    // The server narrows (issue #19 item 3): the day list and the calendar are asked with the filter.
    const urls = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x'));
    expect(urls.some((u) => u.pathname === '/api/schedules' && u.searchParams.get('category') === '중식' && u.searchParams.get('radius') === '5000')).toBe(true);
    // The calendar view asks with the same filter.
    await user.click(screen.getByRole('button', { name: '달력' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/schedules/calendar') && String(url).includes('category=%EC%A4%91%EC%8B%9D'))).toBe(true));
  });

  it('loads the day 20 at a time: 더 보기 fetches the next page by its cursor', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: DAY_PAGE_SIZE + 5 }, (_, i) => schedule(i + 1, 2, { time: 13 + (i % 10) }));
    const fetch = mockFetch({ 'GET /api/schedules': dayServer(() => many), 'GET /api/schedules/calendar': calendarServer(() => many) });
    renderWithFeedback(<MatchingPage myId={1} />);
    await user.click(screen.getByRole('button', { name: '달력' }));
    const list = await dayList();
    expect(within(list).getAllByRole('button', { pressed: false })).toHaveLength(DAY_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(within(list).getAllByRole('button', { pressed: false })).toHaveLength(DAY_PAGE_SIZE + 5));
    expect(screen.queryByRole('button', { name: '더 보기' })).toBeNull();
    const dayCalls = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname === '/api/schedules' && u.searchParams.has('date'));
    expect(dayCalls.map((u) => [u.searchParams.get('date'), u.searchParams.get('cursor')])).toEqual([
      [today, null],
      [today, String(DAY_PAGE_SIZE)],
    ]);
    // The calendar marks the day from the calendar endpoint, never from a downloaded window.
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/schedules/calendar?from='))).toBe(true);
  });

  it('opens on the upcoming meals under 오늘, 내일 and "11월 29일 (일)" headers, soonest first, 20 at a time (issue #31 item 2)', async () => {
    const user = userEvent.setup();
    const later = addDaysIso(today, 3);
    const many = [
      ...Array.from({ length: 12 }, (_, i) => schedule(i + 1, 2, { time: 8 + i })),
      ...Array.from({ length: 10 }, (_, i) => schedule(100 + i, 2, { date: addDaysIso(today, 1), time: 8 + i })),
      schedule(200, 2, { date: later, time: 9 }),
    ];
    const fetch = mockFetch({ 'GET /api/schedules': dayServer(() => many) });
    renderWithFeedback(<MatchingPage myId={1} />);
    expect(await screen.findByRole('heading', { level: 3, name: '오늘' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: '내일' })).toBeTruthy();
    // The first page holds 20: 12 of today and 8 of tomorrow; the later day comes with 더 보기.
    expect(screen.queryByRole('heading', { level: 3, name: koreanDate(later) })).toBeNull();
    await user.click(screen.getByRole('button', { name: '더 보기' }));
    expect(await screen.findByRole('heading', { level: 3, name: koreanDate(later) })).toBeTruthy();
    expect(koreanDate(later)).toMatch(/^\d{1,2}월 \d{1,2}일 \([일월화수목금토]\)$/);
    const calls = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname === '/api/schedules');
    expect(calls.map((u) => [u.searchParams.get('date'), u.searchParams.get('limit'), u.searchParams.get('cursor')])).toEqual([
      [null, '20', null],
      [null, '20', '20'],
    ]);
    // The chip says where distance is measured from (no geolocation here: 서울시청, and why).
    expect(screen.getByTestId('distance-chip').textContent).toBe('서울시청에서 5km');
    expect(screen.getByText('위치 권한이 없어서 서울시청에서 거리를 재요.')).toBeTruthy();
  });

  it('marks full meals 마감 and my requested ones 신청함 (no 매칭 신청 then); the author shows their figures', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/schedules': dayServer(() => [schedule(1, 2, { isFull: true, currentParticipants: 2, participants: 2 }), schedule(2, 3, { myRequestStatus: 'PENDING' }), schedule(3, 4)]),
    });
    renderWithFeedback(<MatchingPage myId={1} />);
    const list = await dayList();
    const full = within(list).getByRole('button', { name: /^식당1/ });
    expect(full.textContent).toContain('마감');
    expect(full.textContent).not.toContain('신청함');
    const requested = within(list).getByRole('button', { name: /^식당2/ });
    expect(requested.textContent).toContain('신청함');
    expect(within(list).getByRole('button', { name: /^식당3/ }).textContent).not.toMatch(/신청함|마감/);

    await user.click(requested);
    expect(screen.queryByRole('button', { name: '매칭 신청' })).toBeNull();
    expect(document.querySelector('.matching-toolbar__requested')?.textContent).toBe('신청함');
    await user.click(requested);
    expect(screen.getByRole('button', { name: '매칭 신청' })).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: '회원2 프로필' }));
    const dialog = await screen.findByRole('dialog', { name: '회원2' });
    expect(dialog.textContent).toContain('식사 4회 · 노쇼 0 · 늦은 취소 1');
  });

  it('a shared link (?schedule=) selects that schedule on its day, with 공유하기 for it (issue #18 item 6)', async () => {
    const later = addDaysIso(today, 3);
    mockFetch({ 'GET /api/schedules': dayServer(() => [schedule(1, 1), schedule(7, 2, { date: later })]) });
    renderWithFeedback(<MatchingPage myId={1} sharedScheduleId="7" sharedDate={later} />);
    const [, m, d] = later.split('-').map(Number);
    const list = await screen.findByRole('list', { name: `${m}월 ${d}일 일정 목록` });
    expect(within(list).getByRole('button', { name: /^식당7/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '공유하기: 식당7' })).toBeTruthy();
  });
});

describe('where distance is measured from (issue #31 item 2)', () => {
  /** The position the list was asked around (`lat`, `lng` of the upcoming list's request). */
  const askedAround = (fetch: ReturnType<typeof mockFetch>) =>
    fetch.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .filter((u) => u.pathname === '/api/schedules')
      .map((u) => [u.searchParams.get('lat'), u.searchParams.get('lng'), u.searchParams.get('radius')]);

  afterEach(() => {
    // jsdom has no geolocation: the test that granted one takes it away again.
    Reflect.deleteProperty(navigator, 'geolocation');
    Reflect.deleteProperty(navigator, 'permissions');
  });

  it('without position or 동네: 서울시청, and the denied line links to 내 정보 to pick a 동네', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({ 'GET /api/schedules': dayServer(() => [schedule(1, 2)]) });
    const onOpenProfile = vi.fn();
    renderWithFeedback(<MatchingPage myId={1} neighbourhood={null} onOpenProfile={onOpenProfile} />);
    await screen.findByRole('heading', { level: 3, name: '오늘' });
    expect(screen.getByTestId('distance-chip').textContent).toBe('서울시청에서 5km');
    expect(screen.getByText('위치 권한이 없어서 서울시청에서 거리를 재요.')).toBeTruthy();
    expect(askedAround(fetch)).toEqual([['37.5665', '126.978', '5000']]);
    const link = screen.getByRole('link', { name: '내 정보에서 동네 고르기' });
    expect(link.getAttribute('href')).toBe('/profile');
    await user.click(link);
    expect(onOpenProfile).toHaveBeenCalledTimes(1);
  });

  it('with a 동네 and no position: from the 동네\'s centre, and the chip and the line name it', async () => {
    const fetch = mockFetch({ 'GET /api/schedules': dayServer(() => [schedule(1, 2)]) });
    renderWithFeedback(<MatchingPage myId={1} neighbourhood="역삼동" />);
    await screen.findByRole('heading', { level: 3, name: '오늘' });
    expect(screen.getByTestId('distance-chip').textContent).toBe('역삼동에서 5km');
    expect(screen.getByText('위치 권한이 없어서 역삼동에서 거리를 재요.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '내 정보에서 동네 바꾸기' }).getAttribute('href')).toBe('/profile');
    expect(askedAround(fetch)).toEqual([['37.5007', '127.0365', '5000']]);
  });

  it('a 동네 no longer on the list counts as none (서울시청)', async () => {
    mockFetch({ 'GET /api/schedules': dayServer(() => [schedule(1, 2)]) });
    renderWithFeedback(<MatchingPage myId={1} neighbourhood="없는동" />);
    await screen.findByRole('heading', { level: 3, name: '오늘' });
    expect(screen.getByTestId('distance-chip').textContent).toBe('서울시청에서 5km');
  });

  it('with the position granted: from it (내 위치), even when a 동네 is kept, and no reason line', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 37.55, longitude: 126.92 } } as GeolocationPosition) },
    });
    Object.defineProperty(navigator, 'permissions', { configurable: true, value: { query: () => Promise.resolve({ state: 'granted' }) } });
    const fetch = mockFetch({ 'GET /api/schedules': dayServer(() => [schedule(1, 2)]) });
    renderWithFeedback(<MatchingPage myId={1} neighbourhood="역삼동" />);
    await waitFor(() => expect(screen.getByTestId('distance-chip').textContent).toBe('내 위치에서 5km'));
    await waitFor(() => expect(askedAround(fetch).at(-1)).toEqual(['37.55', '126.92', '5000']));
    expect(screen.queryByText(/거리를 재요/)).toBeNull();
    expect(screen.queryByRole('link', { name: /동네/ })).toBeNull();
  });
});
