/**
 * The meal-lifecycle calls of the activity page (issue #15): cancel with a reason, "도착했어요",
 * the attendance answer and the calendar file. Each answers the server's Korean text (or '').
 */
import type { AttendanceBody, MatchCancelBody } from '@common/api/matches';
import { api } from '@/lib/api-client';

const text = (answer: unknown) => (typeof answer === 'string' ? answer : '');

/** `POST /api/matches/{id}/cancel {reason?}` (either side, ACCEPTED or CONFIRMED, before the start). */
export async function cancelMatch(id: number, reason?: string): Promise<string> {
  const body: MatchCancelBody = reason ? { reason } : {};
  return text(await api.post<unknown>(`/api/matches/${id}/cancel`, body));
}

/** `POST /api/matches/{id}/arrived` (CONFIRMED, start −60 … +60 min): the partner is told. */
export async function markArrived(id: number): Promise<string> {
  return text(await api.post<unknown>(`/api/matches/${id}/arrived`));
}

/** `POST /api/matches/{id}/attendance {partnerAttended}` (start … +7 days; may be changed). */
export async function reportAttendance(id: number, partnerAttended: boolean): Promise<string> {
  const body: AttendanceBody = { partnerAttended };
  return text(await api.post<unknown>(`/api/matches/${id}/attendance`, body));
}

/** The calendar file's name for a match. */
export const calendarFileName = (id: number) => `babsang-${id}.ics`;

/**
 * `GET /api/matches/{id}/calendar.ics` with the bearer token (a plain link would not carry it),
 * saved through an object URL as `babsang-{id}.ics`.
 */
export async function downloadCalendar(id: number): Promise<void> {
  const answer = await api.get<unknown>(`/api/matches/${id}/calendar.ics`);
  const blob = answer instanceof Blob ? answer : new Blob([typeof answer === 'string' ? answer : String(answer ?? '')], { type: 'text/calendar;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = calendarFileName(id);
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has been handled (the download keeps its own copy).
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
