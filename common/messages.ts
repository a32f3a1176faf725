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
} as const;
