/**
 * The auth forms' schemas (issue #14): the server's own bodies (common/api/auth.ts), composed
 * where the form's values differ (an empty e-mail or code is "missing", not "malformed"), and
 * the Korean labels and UI-TEXT.md overrides the resolver uses.
 */
import { Type } from 'typebox';
import { EmailBody, LoginBody, PasswordResetBody, RegisterBody, VerifyEmailBody } from '@common/api/auth';
import { ko } from '@/i18n/ko';
import { koreanResolver } from '@/lib/forms/korean-resolver';
import type { ConsentValues } from '@/shared/components/consent-checklist';

/** The server's e-mail and code schemas, with emptiness reported first as "enter it". */
const Email = Type.String({ ...EmailBody.properties.email, minLength: 1 });
const Code = Type.String({ ...VerifyEmailBody.properties.code, minLength: 1 });

/** Login: `LoginBody` plus the client-only remember flag (SPEC §7). */
export const LoginForm = Type.Object({ ...LoginBody.properties, remember: Type.Boolean() }, { additionalProperties: false });
export interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
  /** Issue #32 item 4: the code mailed for a new device, asked for only when the server says so. */
  code?: string;
}
export const loginResolver = koreanResolver<LoginValues>(
  LoginForm,
  { email: ko.auth.email, password: ko.auth.password },
  // UI-TEXT.md's own words for an empty login field.
  { email: { minLength: ko.auth.enterEmailAndPassword }, password: { minLength: ko.auth.enterEmailAndPassword } },
);

/**
 * Register: `RegisterBody` plus the verification code of `VerifyEmailBody`; the three agreements
 * (issue #17) are booleans here and checked at submit, which names what is missing as the server does.
 */
export const RegisterForm = Type.Object(
  {
    name: RegisterBody.properties.name,
    email: Email,
    code: Code,
    password: RegisterBody.properties.password,
    consents: Type.Object({ agreeTerms: Type.Boolean(), agreePrivacy: Type.Boolean(), ageConfirmed: Type.Boolean() }),
  },
  { additionalProperties: false },
);
export interface RegisterValues {
  name: string;
  email: string;
  code: string;
  password: string;
  consents: ConsentValues;
}
export const registerResolver = koreanResolver<RegisterValues>(
  RegisterForm,
  { name: ko.auth.name, email: ko.auth.email, code: ko.auth.code, password: ko.auth.password },
  { email: { minLength: ko.auth.enterEmailFirst }, code: { minLength: ko.auth.enterCode } },
);

/** Forgot password: `PasswordResetBody` (the e-mail alone is checked before sending the code). */
export const ResetForm = Type.Object({ email: Email, code: Code, newPassword: PasswordResetBody.properties.newPassword }, { additionalProperties: false });
export interface ResetValues {
  email: string;
  code: string;
  newPassword: string;
}
export const resetResolver = koreanResolver<ResetValues>(
  ResetForm,
  { email: ko.auth.email, code: ko.auth.resetCode, newPassword: ko.auth.newPassword },
  { email: { minLength: ko.auth.enterEmailFirst } },
);
