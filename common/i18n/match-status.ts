/**
 * The words of common/domain/match-status.ts (SPEC §4 "Match request status", issue #15): the status
 * labels, the waitlisted label and the cancel reasons. That module is imported by the schedule
 * schemas (common/api/schedules.ts), which the home page's preview needs, so it takes its words from
 * here and not from the full catalogue (issue #33 item 1); ./ko.ts takes them from here too
 * (`ko.vocabulary.matchStatus`, `ko.activity.waitlisted`, `ko.cancelMatch.reasons`).
 */
export const ko = {
  matchStatus: { PENDING: '대기중', ACCEPTED: '수락됨', CONFIRMED: '확정됨', REJECTED: '거절됨', CANCELLED: '취소됨' },
  waitlisted: '자리 대기',
  cancelReasons: ['일정이 생겼어요', '몸이 안 좋아요', '장소가 너무 멀어요', '상대방과 연락이 되지 않아요'],
} as const;
