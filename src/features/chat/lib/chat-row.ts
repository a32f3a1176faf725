/**
 * What one row of 채팅 shows (issue #30 item 4): its title — "{place} 모임 (N명)" for a table,
 * "{place} · {partner}" for a 1:1 — its last message as a line, and the Korean relative time of
 * its last activity (date-fns, ko locale: "방금", "5분 전", "3일 전", then "11월 24일").
 */
import { differenceInCalendarDays, formatDistanceStrict } from 'date-fns';
import { ko as koLocale } from 'date-fns/locale/ko';
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

/** "방금" under a minute, "5분 전" … "6일 전" within a week, then "11월 24일" (KST dates are close enough here). */
export function relativeLabel(iso: string | undefined, now: Date): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (!Number.isFinite(at.getTime())) return '';
  const ms = now.getTime() - at.getTime();
  if (ms < 60_000) return ko.chats.justNow;
  if (differenceInCalendarDays(now, at) < 7) return formatDistanceStrict(at, now, { locale: koLocale, addSuffix: true, roundingMethod: 'floor' });
  return format(ko.chats.monthDay, { month: at.getMonth() + 1, day: at.getDate() });
}

/** The page a conversation opens. */
export function chatHref(c: Pick<ChatSummary, 'kind' | 'id'>): string {
  return c.kind === 'table' ? `/table/${c.id}` : `/chat/${c.id}`;
}
