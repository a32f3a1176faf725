import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schedule } from '@common/api/schedules';
import type { Venue } from '@common/api/venues';
import { mealStartsAt } from '@common/domain/schedule';
import { jsonResponse, memberStats, mockFetch } from '@/test/fixtures';
import { renderWithFeedback, findToast } from '@/test/render';
import { AddScheduleDialog } from './add-schedule-dialog';

const venue: Venue = {
  id: 'v1',
  place_name: '을지로 국수집',
  category_name: '음식점 > 한식 > 국수',
  address_name: '서울 중구 을지로동',
  road_address_name: '서울 중구 을지로 1',
  phone: '',
  place_url: '',
  x: '126.9812',
  y: '37.5660',
  distance: 120,
};

/** The schedule as `POST /api/schedules` answers it (201): what was sent, with its author as the first participant. */
const created: Schedule = {
  id: 9,
  date: '2026-11-24',
  time: 12,
  text: '을지로 국수집 에서 한식 약속',
  placeName: '을지로 국수집',
  placeCategory: '한식',
  participants: 3,
  currentParticipants: 1,
  latitude: 37.566,
  longitude: 126.9812,
  venueId: 'v1',
  startsAt: mealStartsAt('2026-11-24', 12).toISOString(),
  isFull: false,
  myRequestStatus: null,
  user: { id: 1, name: '나', profileImage: null, preferences: {}, reviewCount: 0, averageRating: 0, ...memberStats() },
};

function renderDialog(props: Partial<Parameters<typeof AddScheduleDialog>[0]> = {}) {
  const onCreated = vi.fn();
  const onOpenChange = vi.fn();
  renderWithFeedback(<AddScheduleDialog open onOpenChange={onOpenChange} date="2026-11-24" venue={venue} onCreated={onCreated} {...props} />);
  return { onCreated, onOpenChange };
}

describe('add-schedule dialog (SPEC §5)', () => {
  it('starts at the current KST hour, 2 people and the venue text', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 09:30 UTC is 18:30 in Seoul, whatever the machine's zone.
    vi.setSystemTime(new Date('2026-11-23T09:30:00Z'));
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: '일정 추가' });
    expect(dialog).toBeTruthy();
    expect((screen.getByLabelText('시간') as HTMLSelectElement).value).toBe('18');
    expect(screen.getAllByRole('option')).toHaveLength(24);
    expect(screen.getByText('2명')).toBeTruthy();
    expect((screen.getByRole('button', { name: '인원 줄이기' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('내용') as HTMLTextAreaElement).value).toBe('을지로 국수집 에서 한식 약속');
  });

  it('saves the venue with its coordinates, id and food category', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({ 'POST /api/schedules': () => jsonResponse(created, 201) });
    const { onCreated, onOpenChange } = renderDialog({ now: () => new Date('2026-11-23T03:00:00Z') });
    await user.click(screen.getByRole('button', { name: '인원 늘리기' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    await findToast('일정을 추가했어요.');
    const init = fetch.mock.calls[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({
      date: '2026-11-24',
      time: 12,
      text: '을지로 국수집 에서 한식 약속',
      placeName: '을지로 국수집',
      placeCategory: '한식',
      participants: 3,
      venueId: 'v1',
      latitude: 37.566,
      longitude: 126.9812,
    });
    expect(onCreated).toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('without a venue asks for a place, and shows the server refusal', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/schedules': () => jsonResponse({ message: '일정은 오늘부터 21일 후까지의 날짜로만 만들 수 있습니다.', code: 'DATE_OUT_OF_WINDOW' }, 400) });
    // A clock before the dialog's date (from 15:00 UTC on the 24th every hour of it has started in Seoul).
    renderDialog({ venue: null, now: () => new Date('2026-11-23T03:00:00Z') });
    expect((screen.getByLabelText('내용') as HTMLTextAreaElement).value).toBe('');
    await user.type(screen.getByLabelText('내용'), '같이 점심');
    await user.click(screen.getByRole('button', { name: '저장' }));
    // Validation is under the field (not a toast), and focus goes there.
    expect(await screen.findByText('장소를 입력하거나 지도에서 식당을 선택해주세요.')).toBeTruthy();
    expect(screen.getByLabelText('장소').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('장소'));
    await user.type(screen.getByLabelText('장소'), '시청역 앞');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await findToast('일정은 오늘부터 21일 후까지의 날짜로만 만들 수 있습니다.');
  });

  it('hides the hours that have started today and starts at the next one (issue #15)', () => {
    // 2026-11-24 09:30 UTC is 18:30 KST on the 24th: 0–18 have started.
    renderDialog({ now: () => new Date('2026-11-24T09:30:00Z') });
    const options = screen.getAllByRole('option').map((o) => (o as HTMLOptionElement).value);
    expect(options).toEqual(['19', '20', '21', '22', '23']);
    expect((screen.getByLabelText('시간') as HTMLSelectElement).value).toBe('19');
    expect(screen.queryByText('오늘은 더 이상 약속을 만들 수 없어요. 다른 날을 골라주세요.')).toBeNull();
  });

  it('says so when no hour is left today and keeps 저장 disabled', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T14:59:00Z')); // 23:59 KST
    renderDialog();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('오늘은 더 이상 약속을 만들 수 없어요. 다른 날을 골라주세요.')).toBeTruthy();
    expect((screen.getByRole('button', { name: '저장' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server\'s past-hour 400 under 시간', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/schedules': () => jsonResponse({ message: '지난 시간에는 약속을 만들 수 없어요.', code: 'PAST_HOUR' }, 400) });
    const { onCreated } = renderDialog({ now: () => new Date('2026-11-24T09:30:00Z') });
    await user.click(screen.getByRole('button', { name: '저장' }));
    const error = await screen.findByText('지난 시간에는 약속을 만들 수 없어요.');
    expect(error.classList.contains('field__error')).toBe(true);
    expect(screen.getByLabelText('시간').getAttribute('aria-invalid')).toBe('true');
    expect(onCreated).not.toHaveBeenCalled();
  });
});
