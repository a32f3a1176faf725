import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schedule } from '@common/api/schedules';
import { addDaysIso, todayKst } from '@common/domain/schedule';
import type * as Maps from '@/lib/maps';
import { fakeMap } from '@/test/fake-map';
import { jsonResponse, makeSchedule, mockFetch } from '@/test/fixtures';
import { findToast, renderWithFeedback, textResponse } from '@/test/render';
import { MatchingPage } from './matching-page';


vi.mock('@/lib/maps', async (importOriginal) => ({
  ...(await importOriginal<typeof Maps>()),
  loadMapProvider: async () => (await import('@/test/fake-map')).fakeMapProvider,
}));

const today = todayKst();
const tomorrow = addDaysIso(today, 1);

const schedule = makeSchedule;

const noodles = { placeName: '을지로 국수집', venueId: 'k1', latitude: 37.566, longitude: 126.991 };
const cafe = { placeName: '카페 모모', latitude: 37.57, longitude: 126.98 };

/** Two meals at 을지로 국수집 (today and tomorrow), one at 카페 모모, one without coordinates. */
function meals(requested = false): Schedule[] {
  return [
    schedule(1, { ...noodles, time: 12 }),
    schedule(2, { ...cafe, time: 18 }),
    schedule(3, { ...noodles, date: tomorrow, time: 19, myRequestStatus: requested ? 'PENDING' : null }),
    schedule(4, { placeName: '어딘가', date: tomorrow, time: 20 }),
  ];
}

function setup(routes: Parameters<typeof mockFetch>[0]) {
  fakeMap.reset();
  return mockFetch(routes);
}

const scheduleCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([url, init]) => [new URL(String(url), 'http://x'), init?.method ?? 'GET'] as const).filter(([u, m]) => u.pathname === '/api/schedules' && m === 'GET');

describe('matching map view (issue #31 item 2)', { timeout: 30_000 }, () => {
  it('지도 shows the listed meals with one marker per place, centred on 서울시청, and counts the meals only in the list', async () => {
    const user = userEvent.setup();
    const fetch = setup({ 'GET /api/schedules': () => jsonResponse(meals()) });
    renderWithFeedback(<MatchingPage myId={1} />);
    expect(await screen.findByRole('heading', { level: 3, name: '오늘' })).toBeTruthy();

    const views = screen.getByRole('group', { name: '보기 방식' });
    expect(within(views).getAllByRole('button').map((b) => b.textContent)).toEqual(['목록', '달력', '지도']);
    await user.click(within(views).getByRole('button', { name: '지도' }));
    expect(within(views).getByRole('button', { name: '지도' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('region', { name: '약속 지도' })).toBeTruthy();

    await waitFor(() => expect(fakeMap.markers.size).toBe(2));
    expect([...fakeMap.markers.values()].map((m) => [m.label, m.position])).toEqual([
      ['을지로 국수집 · 약속 2개', { lat: 37.566, lng: 126.991 }],
      ['카페 모모 · 약속 1개', { lat: 37.57, lng: 126.98 }],
    ]);
    expect(fakeMap.centres.at(-1)).toEqual({ lat: 37.5665, lng: 126.978 });
    expect(screen.getByText(/장소 위치가 없는 약속 1개는 목록에서만 볼 수 있어요\./)).toBeTruthy();
    // The same query as the list: switching to the map asks nothing new.
    expect(scheduleCalls(fetch)).toHaveLength(1);
    // The places are buttons too (markers are not the only way), and the list is one tap away.
    expect(within(screen.getByRole('list', { name: '지도의 장소' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['을지로 국수집 · 약속 2개', '카페 모모 · 약속 1개']);
    await user.click(screen.getByRole('button', { name: '목록으로 보기' }));
    expect(within(views).getByRole('button', { name: '목록' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { level: 3, name: '내일' })).toBeTruthy();
  });

  it("a marker opens its place's meals in a dialog; choosing one selects it as the list does, and 매칭 신청 works from there", async () => {
    const user = userEvent.setup();
    let requested = false;
    const fetch = setup({
      'GET /api/schedules': () => jsonResponse(meals(requested)),
      'POST /api/matches': () => {
        requested = true;
        return textResponse('매칭 신청이 완료되었습니다.', 201);
      },
    });
    renderWithFeedback(<MatchingPage myId={1} />);
    await user.click(await screen.findByRole('button', { name: '지도' }));
    await waitFor(() => expect(fakeMap.markers.size).toBe(2));

    act(() => fakeMap.markers.get('venue:k1')?.onClick?.());
    const sheet = await screen.findByRole('dialog', { name: '을지로 국수집' });
    expect(sheet.textContent).toContain('이 장소의 약속 2개');
    expect(within(sheet).getByRole('heading', { level: 3, name: '오늘' })).toBeTruthy();
    expect(within(sheet).getByRole('heading', { level: 3, name: '내일' })).toBeTruthy();
    expect(within(sheet).getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toEqual([
      expect.stringContaining('약속1'),
      expect.stringContaining('약속3'),
    ]);

    const meal = within(sheet).getByRole('button', { name: /약속3/ });
    await user.click(meal);
    expect(meal.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(fakeMap.raised.at(-1)).toBe('venue:k1'));
    await user.click(within(sheet).getByRole('button', { name: '매칭 신청' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '확인' }));
    await findToast('매칭 신청이 완료되었습니다.');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ scheduleId: 3 });
    // The refetched meal says 신청함 in the sheet, which keeps the focus on its card.
    await waitFor(() => expect(within(sheet).queryByRole('button', { name: '매칭 신청' })).toBeNull());
    const card = within(sheet).getByRole('button', { name: /약속3/ });
    expect(card.textContent).toContain('신청함');
    await waitFor(() => expect(document.activeElement).toBe(card));

    // Escape closes the sheet; the list shows the same selection.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '을지로 국수집' })).toBeNull());
    await user.click(screen.getByRole('button', { name: '목록' }));
    expect(screen.getByRole('button', { name: /약속3/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('the place buttons open the same sheet, closed with 닫기', async () => {
    const user = userEvent.setup();
    setup({ 'GET /api/schedules': () => jsonResponse(meals()) });
    renderWithFeedback(<MatchingPage myId={1} />);
    await user.click(await screen.findByRole('button', { name: '지도' }));
    await user.click(await screen.findByRole('button', { name: '카페 모모 · 약속 1개' }));
    const sheet = await screen.findByRole('dialog', { name: '카페 모모' });
    expect(within(sheet).getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toEqual([expect.stringContaining('약속2')]);
    await user.click(within(sheet).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when there is nothing to show on the map', async () => {
    const user = userEvent.setup();
    setup({ 'GET /api/schedules': () => jsonResponse([schedule(4)]) });
    renderWithFeedback(<MatchingPage myId={1} />);
    await user.click(await screen.findByRole('button', { name: '지도' }));
    expect(await screen.findByText('지도에 표시할 약속이 없어요. 조건을 바꾸거나 목록에서 확인해 보세요.')).toBeTruthy();
    expect(screen.getByText(/장소 위치가 없는 약속 1개는/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: '지도의 장소' })).toBeNull();
    expect(fakeMap.markers.size).toBe(0);
  });

  it('a failed load says so on the map view with 다시 시도, which puts the markers on', async () => {
    const user = userEvent.setup();
    let fail = true;
    setup({ 'GET /api/schedules': () => (fail ? jsonResponse({ message: '오류', code: 'X' }, 500) : jsonResponse(meals())) });
    renderWithFeedback(<MatchingPage myId={1} />);
    await user.click(await screen.findByRole('button', { name: '지도' }));
    const map = screen.getByRole('region', { name: '약속 지도' }).closest('section')!;
    expect((await within(map).findByRole('alert')).textContent).toContain('불러오지 못했어요');
    expect(within(map).queryByText(/지도에 표시할 약속이 없어요/)).toBeNull();
    fail = false;
    await user.click(within(map).getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(fakeMap.markers.size).toBe(2));
  });
});
