/**
 * Account rules shared by the auth card and the server (SPEC §4 registration, issue #2).
 */

/** E-mail verification and password-reset codes: 6 digits. */
export const CODE_LENGTH = 6;
/** Seconds before the sign-up code can be sent again (재전송, issue #31 item 6); the server also caps 5 an hour per address. */
export const RESEND_AFTER_SECONDS = 60;
/** A code is valid for 10 minutes. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** After 5 wrong tries the code is spent and a new one must be requested. */
export const CODE_MAX_ATTEMPTS = 5;

/** Password length bounds (characters). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Name length bounds (characters, after trimming). */
export const NAME_MIN = 1;
export const NAME_MAX = 30;

/** Age bounds (whole years). */
export const AGE_MIN = 14;
export const AGE_MAX = 120;

/** Self-introduction: at most 300 characters. */
export const BIO_MAX = 300;

/** SPEC §5: a social callback token must be longer than 10 characters. */
export const SOCIAL_TOKEN_MIN_EXCLUSIVE = 10;

/** SPEC §4: a member is "new" (kept on /profile-setup) when either flag is true. */
export function isNewMember(user: { isNewUser?: boolean | null; newUser?: boolean | null } | null | undefined): boolean {
  return Boolean(user && (user.isNewUser || user.newUser));
}
