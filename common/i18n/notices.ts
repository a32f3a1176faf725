/**
 * The notification texts of the catalogue (issue #29 item 4; UI-TEXT.md "Live notifications",
 * "Beyond the seed"): what a member reads in a live toast, the inbox and a push. The server renders
 * them (common/realtime.ts `notificationMessage`, stored and pushed), the client and the service
 * worker read the same entries (common/push.ts); ./ko.ts holds them as `ko.notifications`.
 *
 * Kept in a file of its own because the service worker and the first render import it (issue #18
 * item 8): only these strings, not the whole catalogue.
 *
 * Templates are filled with ./format.ts `format`. The optional pieces (`who`, `about`, `at`,
 * `because`) are filled first and put into the sentence, or left empty: "{who}" is
 * "김민지님이 " when the sender is known. Places take fixed particles (에, 에서): no josa needed.
 */
export const ko = {
  notifications: {
    /** Title of every push notification. */
    pushTitle: '밥상친구',
    /** SPEC §8 (quoted): the in-app text of a push received while the app is in front. */
    foregroundPush: '[새 메시지] {title}: {body}',
    /** The sender, leading the sentence. */
    who: '{name}님이 ',
    /** The meal a notice is about. */
    about: '{when} {place} ',
    /** Where the partner arrived. */
    at: '{place}에 ',
    /** A cancellation's reason. */
    because: ' (사유: {reason})',
    /** A meal's time seen from today (`meal_reminder`). */
    today: '오늘 {hour}',
    tomorrow: '내일 {hour}',
    /** A meal: "12월 14일 (월) 오후 6시 을지로 칼국수". */
    meal: '{when} {place}',
    text: {
      new_match_request: '{who}{about}약속에 매칭을 신청했어요.',
      match_accepted: '{who}{about}약속 신청을 수락했어요.',
      match_rejected: '{who}{about}약속 신청을 거절했어요.',
      match_confirmed: '{who}{about}약속을 확정했어요.',
      new_message: '{who}새 메시지를 보냈어요.',
      match_cancelled: '{who}{about}약속을 취소했어요.{because}',
      match_withdrawn: '{who}{about}약속 신청을 취소했어요.',
      schedule_cancelled: '{who}{about}약속을 취소했어요.{because}',
      schedule_full: '{about}약속의 정원이 찼어요. 자리가 나면 알려드릴게요.',
      seat_opened: '{about}약속에 자리가 났어요.',
      partner_arrived: '{who}{at}도착했어요.',
      meal_reminder: '{when} {place}에서 약속이 있어요.',
      schedule_changed: '{who}약속을 바꿨어요: {before} → {after}',
      marked_absent: '{who}{about}약속에 회원님이 오지 않았다고 알렸어요. 72시간 안에 이의를 제기할 수 있어요.',
      /** Issue #32 item 1: "회원님의 글이 신고로 숨겨졌어요 (사유: 스팸·홍보). …" */
      content_hidden: '회원님의 {what} 신고로 숨겨졌어요{why}. 알림에서 한 번 이의를 제기할 수 있어요.',
      content_restored: '운영진이 검토했어요. 회원님의 {what} 다시 보여요.',
      appeal_rejected: '운영진이 이의 제기를 검토했어요. 회원님의 {what} 계속 숨겨져요.',
    },
    /** A moderation notice whose content kind is unknown (a push without a body). */
    content: '글이',
    /** A table chat message (issue #30) pushed to the members not looking: "을지로 국밥 모임에서 김민지님이 새 메시지를 보냈어요." */
    tableMessage: '{place} 모임에서 {who}새 메시지를 보냈어요.',
    /** When the notice carries no meal. */
    noMeal: {
      schedule_changed: '{who}약속을 바꿨어요.',
      meal_reminder: '곧 약속이 있어요.',
    },
  },
} as const;
