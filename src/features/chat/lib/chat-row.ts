/**
 * What one row of 채팅 shows (issue #30 item 4): its title — "{place} 모임 (N명)" for a table,
 * "{place} · {partner}" for a 1:1 — its last message as a line, and the Korean relative time of
 * its last activity ("방금", "5분 전", "2시간 전", "3일 전", then "11월 24일").
 */
import { differenceInCalendarDays } from 'date-fns';
import { format, ko } from '@/i18n/ko';
import type { ChatSummary } from '../api/chats';

export function chatTitle(c: ChatSummary): string {
  const place = c.placeName ?? '';
  if (c.kind === 'table') {
    const n = c.memberCount ?? c.faces?.length ?? 0;
    return place ? format(ko.table.title, { place, n }) : (c.title ?? '');
  }
  const name = c.partner?.name ?? c.faces?.[0]?.name ?? '';
  if (place && name) return format(ko.chats.matchTitle, { place, name });
  return c.title ?? (name || place);
}

/** The last message line: "김민지: 곧 도착해요" in a table, the text alone in a 1:1, the system line as it is. */
export function lastLine(c: ChatSummary, myId: number | null | undefined): string {
  const m = c.lastMessage;
  if (!m) return ko.chats.noMessage;
  const name = m.senderName ?? c.faces?.find((f) => f.id === m.senderId)?.name;
  if (m.kind === 'system' || c.kind === 'match' || !name || m.senderId === myId) return m.content;
  return `${name}: ${m.content}`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * "방금" under a minute, then whole minutes ("5분 전"), hours ("2시간 전") or days ("3일 전", floored)
 * within a week, then "11월 24일" (KST dates are close enough here). Written out rather than with
 * date-fns's ko locale, which weighed 3.5 kB brotli on the first view of 채팅 (issue #33 item 1).
 */
export function relativeLabel(iso: string | undefined, now: Date): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (!Number.isFinite(at.getTime())) return '';
  const ms = now.getTime() - at.getTime();
  if (ms < MINUTE_MS) return ko.chats.justNow;
  if (differenceInCalendarDays(now, at) < 7) {
    if (ms < HOUR_MS) return format(ko.chats.minutesAgo, { n: Math.floor(ms / MINUTE_MS) });
    if (ms < DAY_MS) return format(ko.chats.hoursAgo, { n: Math.floor(ms / HOUR_MS) });
    return format(ko.chats.daysAgo, { n: Math.floor(ms / DAY_MS) });
  }
  return format(ko.chats.monthDay, { month: at.getMonth() + 1, day: at.getDate() });
}

/** The page a conversation opens. */
export function chatHref(c: Pick<ChatSummary, 'kind' | 'id'>): string {
  return c.kind === 'table' ? `/table/${c.id}` : `/chat/${c.id}`;
}
