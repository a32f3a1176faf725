/**
 * Messenger grouping (issue #30 item 5): a run of messages by one sender within one minute (KST)
 * shows the name once (on its first) and the time once (on its last); system lines stand alone.
 */
import { messageTime } from './chat-time';

export interface Groupable {
  /** Sender id, or null for a system line. */
  senderId: number | null;
  at: string;
  system?: boolean;
}

/** For each item: whether it starts its group (shows the name) and ends it (shows the time). */
export function groupFlags<T extends Groupable>(items: readonly T[]): Array<{ first: boolean; last: boolean }> {
  const same = (a: T | undefined, b: T | undefined) =>
    Boolean(a && b && !a.system && !b.system && a.senderId === b.senderId && messageTime(a.at) === messageTime(b.at) && a.at.slice(0, 10) === b.at.slice(0, 10));
  return items.map((item, i) => ({ first: !same(items[i - 1], item), last: !same(item, items[i + 1]) }));
}
