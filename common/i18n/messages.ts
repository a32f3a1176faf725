/**
 * Korean texts of success answers (`{ message }`) the server sends, in one place beside the error
 * catalogue (common/errors.ts), so neither the server nor the client writes them twice. 해요체,
 * except texts SPEC.md or UI-TEXT.md quote verbatim.
 */
export const MESSAGES = {
  /** `POST /api/blocks`. */
  blocked: '차단했어요.',
  /** `POST /api/auth/send-code`. */
  codeSent: '인증번호를 이메일로 보냈어요.',
  /** `POST /api/auth/verify-email` (UI-TEXT "Register"). */
  emailVerified: '이메일 인증이 완료됐어요.',
  /** `POST /api/auth/forgot-password` (UI-TEXT "Forgot password"). */
  resetSent: '비밀번호 재설정 코드를 이메일로 보냈어요.',
  /** `POST /api/auth/reset-password` (UI-TEXT "Forgot password"). */
  passwordChanged: '비밀번호가 변경됐어요. 새 비밀번호로 로그인해주세요.',
  // ── Meals and reports (contract-b): the `text/plain` answers of the match routes (UI-TEXT "Server text answers") ──
  /** `POST /api/matches`. */
  matchRequested: '매칭 신청이 완료됐어요.',
  /** `POST /api/matches/{id}/accept`. */
  matchAccepted: '매칭을 수락했어요.',
  /** `POST /api/matches/{id}/reject` (and `DELETE` of a waiting request by its host). */
  matchRejected: '매칭을 거절했어요.',
  /** `POST /api/matches/{id}/confirm`. */
  matchConfirmed: '매칭이 확정됐어요.',
  /** `DELETE /api/matches/{id}` of an ended match. */
  matchDeleted: '매칭이 삭제됐어요.',
  /** `POST /api/matches/{id}/hide`. */
  matchHidden: '목록에서 숨겼어요.',
  /** `DELETE /api/matches/{id}` of a waiting request by its requester. */
  matchWithdrawn: '매칭 신청을 취소했어요.',
  /** `POST /api/matches/{id}/cancel` (and `DELETE` of an agreed match). */
  mealCancelled: '약속을 취소했어요.',
  /** `POST /api/matches/{id}/arrived`. */
  arrivalSent: '도착을 알렸어요.',
  /** `POST /api/matches/{id}/attendance`. */
  attendanceSaved: '참석 여부를 저장했어요.',
  /** `POST /api/matches/{id}/attendance/dispute`. */
  disputeReceived: '이의를 접수했어요. 운영진이 확인할게요.',
  /** `POST /api/reports`. */
  reportReceived: '신고가 접수되었어요.',
  /** `POST /api/reports/appeal` (issue #32 item 1). */
  appealReceived: '이의를 접수했어요. 운영진이 확인하고 알려드릴게요.',
} as const;
