/**
 * Consent at sign-up (issue #17 item 1; PIPA and App Store Guideline 1.2): the versions of the
 * terms of service and the privacy policy in force, and the three required agreements.
 *
 * A version is the date it took effect (KST, `YYYY-MM-DD`). Raising one asks every member whose
 * stored consent names an older version to agree again (`consentRequired` on the member view,
 * `POST /api/user/consent`). The texts themselves live in the client (`/terms`, `/privacy`) and
 * carry the same version.
 */

/** The terms of service in force (`/terms`). */
export const TERMS_VERSION = '2026-11-26';
/** The privacy policy in force (`/privacy`). */
export const PRIVACY_VERSION = '2026-11-26';

/** The youngest age that may sign up without a guardian (PIPA art. 22-2: under 14 needs one, so we take 14+). */
export const MIN_SIGNUP_AGE = 14;

/** The three required agreements, in the order the form shows them, with their Korean labels (UI-TEXT.md "Consent"). */
export const CONSENT_ITEMS = [
  { field: 'agreeTerms', label: '이용약관 동의' },
  { field: 'agreePrivacy', label: '개인정보 수집·이용 동의' },
  { field: 'ageConfirmed', label: '만 14세 이상 확인' },
] as const;

/** One of the agreement fields of the register and consent bodies. */
export type ConsentField = (typeof CONSENT_ITEMS)[number]['field'];

/** The agreements of a register or consent body (each must be `true`). */
export type ConsentAnswers = Partial<Record<ConsentField, unknown>>;

/** The labels of the agreements not given (not exactly `true`), in form order; empty when all are given. */
export function missingConsents(answers: ConsentAnswers): string[] {
  return CONSENT_ITEMS.filter((item) => answers[item.field] !== true).map((item) => item.label);
}

/** The Korean 400 message naming what is missing, e.g. "필수 동의 항목을 확인해주세요: 이용약관 동의, 만 14세 이상 확인". */
export function consentMissingMessage(missing: readonly string[]): string {
  return `필수 동의 항목을 확인해주세요: ${missing.join(', ')}`;
}

/** Whether a member's stored consent is missing or for an older version (they see the consent step first). */
export function consentRequired(stored: { termsVersion: string | null; privacyVersion: string | null; consentedAt: Date | string | null }): boolean {
  return !stored.consentedAt || stored.termsVersion !== TERMS_VERSION || stored.privacyVersion !== PRIVACY_VERSION;
}
