import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schedule } from '@common/api/schedules';
import type { Venue } from '@common/api/venues';
import { addDaysIso, mealStartsAt, openHours, todayKst } from '@common/domain/schedule';

import type * as Maps from '@/lib/maps';
import { fakeMap } from '@/test/fake-map';
import { jsonResponse, memberStats, mockFetch } from '@/test/fixtures';
import { renderWithFeedback, findToast } from '@/test/render';
import { SchedulePage } from './schedule-page';

vi.mock('@/lib/maps', async (importOriginal) => ({
  ...(await importOriginal<typeof Maps>()),
  loadMapProvider: async () => (await import('@/test/fake-map')).fakeMapProvider,
}));

function venue(id: string, name: string, category: string, distance: number, road = ''): Venue {
  return { id, place_name: name, category_name: category, address_name: '', road_address_name: road, phone: '', place_url: '', x: '126.978', y: '37.5665', distance };
}

const tomorrow = addDaysIso(todayKst(), 1);
const mine: Schedule = {
  id: 11,
  date: tomorrow,
  time: 19,
  text: '저녁 약속',
  placeName: '을지로 국수집',
  placeCategory: '한식',
  participants: 4,
  currentParticipants: 3,
  latitude: null,
  longitude: null,
  venueId: null,
  startsAt: mealStartsAt(tomorrow, 19).toISOString(),
  isFull: false,
  myRequestStatus: null,
  user: { id: 1, name: '나', profileImage: null, preferences: {}, reviewCount: 0, averageRating: 0, ...memberStats() },
};

function monthDay(iso: string) {
  const [, m, d] = iso.split('-').map(Number);
  return `${m}월 ${d}일`;
}

/** Moves the calendar to the month of `iso` (the window reaches at most into the next month). */
async function showMonthOf(user: ReturnType<typeof userEvent.setup>, iso: string) {
  if (iso.slice(0, 7) !== todayKst().slice(0, 7)) await user.click(screen.getByRole('button', { name: '다음 달' }));
}

async function pickDay(user: ReturnType<typeof userEvent.setup>, iso: string) {
  await showMonthOf(user, iso);
  await user.click(screen.getByRole('button', { name: new RegExp(`${monthDay(iso)}(?!\\d)`) }));
}

/** The page at `/schedule{search}` in a memory router: its dialogs live in the address (issue #14). */
async function renderPage(search = '') {
  const rootRoute = createRootRoute({ component: () => <SchedulePage signedIn onLoginRequired={() => undefined} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [`/schedule${search}`] }) });
  renderWithFeedback(<RouterProvider router={router} />);
  await waitFor(() => expect(document.querySelector('h1.page-heading')?.textContent).toBe('일정'), { timeout: 10_000 });
  return router;
}

function setup(extra: Parameters<typeof mockFetch>[0] = {}) {
  fakeMap.reset();
  return mockFetch({
    'GET /api/venues': (url) => {
      const q = new URL(url, 'http://x').searchParams;
      if (q.get('category') === '중식') return jsonResponse([venue('c1', '북경반점', '음식점 > 중식 > 중국요리', 300)]);
      return jsonResponse([venue('k1', '을지로 국수집', '음식점 > 한식 > 국수', 120), venue('k2', '카페 모모', '음식점 > 카페', 1250, '서울 중구 을지로 12')]);
    },
    'GET /api/schedules/my': () => jsonResponse([mine]),
    ...extra,
  });
}

// The page renders inside a router (its dialogs are in the address): slower than a bare render.
describe('schedule page', { timeout: 30_000 }, () => {
  it('lists nearby venues by name with category and distance, chosen from the list or a marker', async () => {
    const user = userEvent.setup();
    const fetch = setup();
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: '일정' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '지도' })).toBeTruthy();
    const first = await screen.findByRole('button', { name: /^을지로 국수집/ });
    expect(first.textContent).toContain('한식');
    expect(first.textContent).toContain('120m');
    expect(screen.getByRole('button', { name: /^카페 모모/ }).textContent).toContain('서울 중구 을지로 12');
    const venueCall = fetch.mock.calls.find(([url]) => String(url).includes('/api/venues'));
    expect(String(venueCall?.[0])).toContain('radius=500');
    expect(String(venueCall?.[0])).toContain('lat=37.5665');

    // A list choice opens the venue's sheet; closing it keeps the choice.
    await user.click(first);
    expect(await screen.findByRole('dialog', { name: '을지로 국수집' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '을지로 국수집' })).toBeNull());
    expect(first.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(fakeMap.markers.size).toBe(2));
    act(() => fakeMap.markers.get('k2')?.onClick?.());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: /^카페 모모/ }).getAttribute('aria-pressed')).toBe('true');
    expect(first.getAttribute('aria-pressed')).toBe('false');
  });

  it("a pin tap opens the venue's sheet (name, category, distance, address); 이 식당으로 약속 만들기 opens 일정 추가 with it (issue #31 item 3)", async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    setup({
      'POST /api/schedules': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse({ ...mine, id: 21 }, 201);
      },
    });
    await renderPage();
    await waitFor(() => expect(fakeMap.markers.size).toBe(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => fakeMap.markers.get('k2')?.onClick?.());

    const sheet = await screen.findByRole('dialog', { name: '카페 모모' });
    expect(within(sheet).getByRole('heading', { name: '카페 모모' })).toBeTruthy();
    const facts = Object.fromEntries(within(sheet).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts).toEqual({ '음식 종류': '카페', 거리: '1.3km', 주소: '서울 중구 을지로 12' });
    // No day chosen yet: the meal starts on the first day with hours still open.
    const start = openHours(todayKst()).length > 0 ? todayKst() : addDaysIso(todayKst(), 1);
    expect(sheet.textContent).toContain(`${monthDay(start)} 약속으로 만들어요.`);
    // Under the modal sheet the list is hidden from assistive technology; the venue is chosen there.
    expect(screen.getByRole('button', { name: /^카페 모모/, hidden: true }).getAttribute('aria-pressed')).toBe('true');

    // With a day picked in the calendar, the sheet's button makes the meal there.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const date = addDaysIso(todayKst(), 3);
    await pickDay(user, date);
    act(() => fakeMap.markers.get('k2')?.onClick?.());
    const again = await screen.findByRole('dialog', { name: '카페 모모' });
    expect(again.textContent).toContain(`${monthDay(date)} 약속으로 만들어요.`);
    await user.click(within(again).getByRole('button', { name: '이 식당으로 약속 만들기' }));

    const add = await screen.findByRole('dialog', { name: '일정 추가' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '카페 모모' })).toBeNull());
    expect(add.textContent).toContain(monthDay(date));
    expect(add.textContent).toContain('카페 모모 · 카페');
    expect(within(add).queryByLabelText('장소')).toBeNull();
    expect((within(add).getByLabelText('내용') as HTMLTextAreaElement).value).toBe('카페 모모 에서 카페 약속');
    await user.click(within(add).getByRole('button', { name: '저장' }));
    await findToast('일정을 추가했어요.');
    expect(bodies).toEqual([expect.objectContaining({ date, placeName: '카페 모모', placeCategory: '카페', venueId: 'k2' })]);
  });

  it('below 992 px puts the filter in a dialog; the active distance clears to the 2 km search', async () => {
    const user = userEvent.setup();
    const fetch = setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: '필터' }));
    expect(screen.queryByRole('region', { name: '식당 필터' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: '식당 필터' });
    expect(within(dialog).getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toEqual(['한식', '중식', '일식', '양식', '분식', '카페', '기타', '300m', '1km', '2km']);
    const d500 = within(dialog).getByRole('button', { name: '500m' });
    expect(d500.getAttribute('aria-pressed')).toBe('true');
    await user.click(d500);
    expect(d500.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('radius=2000'))).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: '중식' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => decodeURIComponent(String(url)).includes('category=중식'))).toBe(true));
  });

  it('needs a date before adding, then opens the add dialog with the venue text', async () => {
    const user = userEvent.setup();
    setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: /^카페 모모/ }));
    await screen.findByRole('dialog', { name: '카페 모모' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: '일정 추가' }));
    await findToast('일정을 추가할 날짜를 선택해주세요.');
    await pickDay(user, addDaysIso(todayKst(), 2));
    await user.click(screen.getByRole('button', { name: '일정 추가' }));
    const dialog = await screen.findByRole('dialog', { name: '일정 추가' });
    expect((within(dialog).getByLabelText('내용') as HTMLTextAreaElement).value).toBe('카페 모모 에서 카페 약속');
  });

  it('the add dialog is in the address: Back closes it, a link opens it; an empty text shows the error under the field', async () => {
    const user = userEvent.setup();
    const fetch = setup();
    const date = addDaysIso(todayKst(), 2);
    const router = await renderPage(`?add=${date}`);
    const dialog = await screen.findByRole('dialog', { name: '일정 추가' });
    expect(dialog.textContent).toContain(monthDay(date));
    const text = within(dialog).getByLabelText('내용');
    await user.clear(text);
    await user.type(within(dialog).getByLabelText('장소'), '시청역');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('내용을 입력해주세요.')).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(text);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await act(() => router.navigate({ to: '/schedule', search: {} }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '일정 추가' })).toBeNull());
    await act(() => router.navigate({ to: '/schedule', search: { add: date } }));
    expect(await screen.findByRole('dialog', { name: '일정 추가' })).toBeTruthy();
    act(() => router.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '일정 추가' })).toBeNull());
  });

  it('a server 400 naming a field lands under that field, not in a toast', async () => {
    const user = userEvent.setup();
    setup({ 'POST /api/schedules': () => jsonResponse({ message: '장소 이름이 올바르지 않습니다.', code: 'VALIDATION', field: 'placeName' }, 400) });
    await renderPage(`?add=${addDaysIso(todayKst(), 2)}`);
    const dialog = await screen.findByRole('dialog', { name: '일정 추가' });
    await user.type(within(dialog).getByLabelText('장소'), '시청역');
    await user.type(within(dialog).getByLabelText('내용'), '점심');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('장소 이름이 올바르지 않습니다.')).toBeTruthy();
    expect(within(dialog).getByLabelText('장소').getAttribute('aria-invalid')).toBe('true');
  });

  it('disables days outside today … +21 and marks days with my schedules', async () => {
    const user = userEvent.setup();
    setup();
    await renderPage();
    await showMonthOf(user, tomorrow);
    const day = await screen.findByRole('button', { name: new RegExp(`${monthDay(tomorrow)}.*일정 있음`) });
    expect(day).toBeTruthy();
    const yesterday = addDaysIso(todayKst(), -1);
    const past = screen.queryByRole('button', { name: new RegExp(`${monthDay(yesterday)}(?!\\d)`) });
    if (past) expect((past as HTMLButtonElement).disabled).toBe(true);
    const beyond = addDaysIso(todayKst(), 22);
    const late = screen.queryByRole('button', { name: new RegExp(`${monthDay(beyond)}(?!\\d)`) });
    if (late) expect((late as HTMLButtonElement).disabled).toBe(true);
  });

  it('follows the pages of my schedules (issue #19) so the calendar marks a day from the second page', async () => {
    const user = userEvent.setup();
    const later = addDaysIso(todayKst(), 2);
    const fetch = setup({
      'GET /api/schedules/my': (url) => {
        if (new URL(url, 'http://x').searchParams.get('cursor') === 'p2') return jsonResponse([{ ...mine, id: 12, date: later }]);
        const first = jsonResponse([mine]);
        first.headers.set('Link', '</api/schedules/my?limit=100&cursor=p2>; rel="next"');
        return first;
      },
    });
    await renderPage();
    await showMonthOf(user, later);
    expect(await screen.findByRole('button', { name: new RegExp(`${monthDay(later)}.*일정 있음`) })).toBeTruthy();
    expect(screen.getByRole('button', { name: new RegExp(`${monthDay(tomorrow)}.*일정 있음`) })).toBeTruthy();
    const calls = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname === '/api/schedules/my');
    expect(calls.map((u) => u.searchParams.get('cursor'))).toEqual([null, 'p2']);
    expect(calls[0]!.searchParams.get('limit')).toBe('100');
  });

  it("lists a day's schedules; an empty edit does nothing; delete confirms and reports a refusal", async () => {
    const user = userEvent.setup();
    const fetch = setup({ 'DELETE /api/schedules/11': () => jsonResponse({ message: '본인의 일정만 삭제할 수 있습니다.', code: 'FORBIDDEN' }, 403) });
    await renderPage();
    await showMonthOf(user, tomorrow);
    await screen.findByRole('button', { name: new RegExp(`${monthDay(tomorrow)}.*일정 있음`) });
    await user.click(screen.getByRole('button', { name: new RegExp(`${monthDay(tomorrow)}(?!\\d)`) }));
    const day = await screen.findByRole('dialog', { name: `${monthDay(tomorrow)} 일정` });
    expect(day.textContent).toContain('3/4명');

    await user.click(within(day).getByRole('button', { name: '수정' }));
    const edit = await screen.findByRole('dialog', { name: '일정 수정' });
    expect(within(edit).getByText('4명')).toBeTruthy();
    await user.click(within(edit).getByRole('button', { name: '인원 줄이기' }));
    expect(within(edit).getByText('3명')).toBeTruthy();
    expect((within(edit).getByRole('button', { name: '인원 줄이기' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(within(edit).getByLabelText('내용'));
    await user.type(within(edit).getByLabelText('내용'), '   ');
    await user.click(within(edit).getByRole('button', { name: '저장' }));
    expect(await within(edit).findByText('내용을 입력해주세요.')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '일정 수정' })).toBeNull());

    // Two guests are seated: the delete asks for a reason with the cancel chooser (issue #28 item 3).
    await user.click(within(screen.getByRole('dialog', { name: `${monthDay(tomorrow)} 일정` })).getByRole('button', { name: '삭제' }));
    const confirm = await screen.findByRole('dialog', { name: '일정을 삭제할까요?' });
    expect(confirm.textContent).toContain('수락한 참여자의 약속이 취소되고 취소 알림이 가요.');
    await user.click(within(confirm).getByRole('radio', { name: '일정이 생겼어요' }));
    await user.click(within(confirm).getByRole('button', { name: '일정 삭제' }));
    await waitFor(() =>
      expect(document.querySelector('[data-sonner-toast]')?.textContent).toContain('일정 삭제에 실패했습니다. 본인이 만든 일정만 삭제할 수 있습니다.'),
    );
    const del = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(new URL(String(del?.[0]), 'http://x').searchParams.get('reason')).toBe('일정이 생겼어요');
  });

  it('deleting a meal without guests only confirms; inside 24 h with guests it warns that it is late', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    try {
      // Two hours before the meal.
      vi.setSystemTime(new Date(Date.parse(mine.startsAt) - 2 * 3_600_000));
      const alone: Schedule = { ...mine, id: 12, time: 21, startsAt: mealStartsAt(tomorrow, 21).toISOString(), currentParticipants: 1 };
      const user = userEvent.setup();
      setup({ 'GET /api/schedules/my': () => jsonResponse([mine, alone]) });
      await renderPage(`?day=${tomorrow}`);
      const day = await screen.findByRole('dialog', { name: `${monthDay(tomorrow)} 일정` });
      const [withGuests, withoutGuests] = within(day).getAllByRole('button', { name: '삭제' });
      await user.click(withoutGuests!);
      const plain = await screen.findByRole('alertdialog');
      expect(plain.textContent).toContain('일정을 삭제할까요?');
      expect(plain.textContent).not.toContain('늦은 취소');
      await user.click(within(plain).getByRole('button', { name: '취소' }));
      await user.click(withGuests!);
      const reasoned = await screen.findByRole('dialog', { name: '일정을 삭제할까요?' });
      expect(reasoned.textContent).toContain('지금 취소하면 늦은 취소로 기록돼요. (최근 180일 동안 프로필에 표시)');
    } finally {
      vi.useRealTimers();
    }
  });

  it('moves a meal: the edit dialog sends the new hour and place (issue #28 item 4)', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    setup({
      'PUT /api/schedules/11': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse({ ...mine, time: 20, placeName: '광장시장' });
      },
    });
    await renderPage('?edit=11');
    const edit = await screen.findByRole('dialog', { name: '일정 수정' });
    expect(edit.textContent).toContain('수락한 참여자에게 알림이 가요.');
    expect((within(edit).getByLabelText('시간') as HTMLSelectElement).value).toBe('19');
    await user.selectOptions(within(edit).getByLabelText('시간'), '20');
    const place = within(edit).getByLabelText('장소');
    await user.clear(place);
    await user.type(place, '광장시장');
    await user.click(within(edit).getByRole('button', { name: '저장' }));
    await findToast('일정을 수정했어요.');
    expect(bodies).toEqual([{ text: '저녁 약속', participants: 4, date: tomorrow, time: 20, placeName: '광장시장', placeCategory: '한식' }]);
  });
});
