/**
 * The calendar file of a match (issue #15). The lifecycle writes (cancel, 도착했어요, attendance) are
 * src/shared/mutations/use-*.ts.
 */
import { matchCalendar as matchCalendarOp } from '@common/api/matches';
import { call } from '@/lib/api-client';

/** The calendar file's name for a match. */
export const calendarFileName = (id: number) => `babsang-${id}.ics`;

/**
 * `GET /api/matches/{id}/calendar.ics` with the bearer token (a plain link would not carry it),
 * saved through an object URL as `babsang-{id}.ics`.
 */
export async function downloadCalendar(id: number): Promise<void> {
  const text = await call(matchCalendarOp, { params: { id } });
  const blob = new Blob([text], { type: 'text/calendar;charset=utf-8' });
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
