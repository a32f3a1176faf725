import { describe, expect, it } from 'vitest';
import type { Schedule } from '@common/api/schedules';
import type { Venue } from '@common/api/venues';
import { mealStartsAt } from '@common/domain/schedule';
import { editFormDefaults, toUpdateBody } from './schedule-form';

const schedule = {
  id: 11,
  date: '2026-12-01',
  time: 19,
  text: '저녁 약속',
  placeName: '을지로 국수집',
  placeCategory: '한식',
  participants: 4,
  currentParticipants: 2,
  latitude: null,
  longitude: null,
  venueId: null,
  startsAt: mealStartsAt('2026-12-01', 19).toISOString(),
  isFull: false,
  myRequestStatus: null,
  user: { id: 1, name: '나', profileImage: null, preferences: {}, reviewCount: 0, averageRating: 0, mealCount: 0, noShowCount: 0, lateCancelCount: 0 },
} satisfies Schedule;

const venue: Venue = { id: 'v9', place_name: '광장시장 빈대떡', category_name: '음식점 > 한식 > 전', address_name: '', road_address_name: '', phone: '', place_url: '', x: '126.99', y: '37.57', distance: 120 };

describe('moving a meal (issue #28 item 4): the PUT body carries only what moved', () => {
  const values = editFormDefaults(schedule, 2);

  it('unchanged: text and capacity only', () => {
    expect(toUpdateBody(schedule, values, 2, null)).toEqual({ text: '저녁 약속', participants: 4 });
  });

  it('a new hour sends the date and the hour together; a new place its name and food type', () => {
    expect(toUpdateBody(schedule, { ...values, time: 20 }, 2, null)).toEqual({ text: '저녁 약속', participants: 4, date: '2026-12-01', time: 20 });
    expect(toUpdateBody(schedule, { ...values, placeName: ' 광장시장 ', placeCategory: '분식' }, 2, null)).toEqual({
      text: '저녁 약속',
      participants: 4,
      placeName: '광장시장',
      placeCategory: '분식',
    });
  });

  it('the venue chosen on the map adds its id and coordinates while its name is the place', () => {
    expect(toUpdateBody(schedule, { ...values, placeName: '광장시장 빈대떡' }, 2, venue)).toEqual({
      text: '저녁 약속',
      participants: 4,
      placeName: '광장시장 빈대떡',
      placeCategory: '한식',
      venueId: 'v9',
      latitude: 37.57,
      longitude: 126.99,
    });
    // The place was typed over: the venue is not sent.
    expect(toUpdateBody(schedule, { ...values, placeName: '다른 곳' }, 2, venue)).not.toHaveProperty('venueId');
  });

  it('a food type outside the list starts as 기타; capacity never below the seated', () => {
    expect(editFormDefaults({ ...schedule, placeCategory: '국수' }, 2).placeCategory).toBe('기타');
    expect(toUpdateBody(schedule, { ...values, participants: 1 }, 2, null).participants).toBe(2);
  });
});
