import type { MemberStats as Stats } from '@common/api/users';
import { format, ko } from '@/i18n/ko';

/** "식사 3회 · 노쇼 0 · 늦은 취소 1" (issue #15); '' when the figures are missing (an older server). */
export function memberStatsText(member: Partial<Stats>): string {
  const { mealCount, noShowCount, lateCancelCount } = member;
  if (typeof mealCount !== 'number' || typeof noShowCount !== 'number' || typeof lateCancelCount !== 'number') return '';
  return format(ko.memberStats.line, { meals: mealCount, noShows: noShowCount, lateCancels: lateCancelCount });
}

/**
 * A member's reliability figures, compact, wherever a member is shown to another (issue #15):
 * the author profile dialog, a requester on received requests, the chat header's opponent.
 */
export function MemberStatsLine({ member, className = '' }: { member: Partial<Stats>; className?: string }) {
  const text = memberStatsText(member);
  if (!text) return null;
  return <span className={`member-stats ${className}`.trim()}>{text}</span>;
}
