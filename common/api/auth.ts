import { Type, type Static } from 'typebox';
import { User } from './users.ts';
import { CODE_LENGTH, NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../domain/account.ts';

const Email = Type.String({ format: 'email', maxLength: 254, description: 'e-mail address (compared case-insensitively)' });
const Code = Type.String({ pattern: `^[0-9]{${CODE_LENGTH}}$`, description: `${CODE_LENGTH}-digit code from the e-mail` });
const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });

/** `POST /api/auth/send-verification-email` and `POST /api/auth/password-reset/request`. */
export const EmailBody = Type.Object({ email: Email }, { additionalProperties: false });
export type EmailBody = Static<typeof EmailBody>;

/** `POST /api/auth/verify-email`. */
export const VerifyEmailBody = Type.Object({ email: Email, code: Code }, { additionalProperties: false });
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

/**
 * The three required agreements (issue #17 item 1, common/domain/legal.ts). Each must be `true`;
 * a missing or false one → 400 `CONSENT_REQUIRED` whose Korean message names it (so they are
 * optional here and checked by the route, which can name them).
 */
export const ConsentFields = {
  agreeTerms: Type.Optional(Type.Boolean({ description: 'the terms of service (/terms) are accepted; must be true' })),
  agreePrivacy: Type.Optional(Type.Boolean({ description: 'the privacy policy (/privacy) is accepted; must be true' })),
  ageConfirmed: Type.Optional(Type.Boolean({ description: 'the member is 14 or older; must be true' })),
};

/** `POST /api/auth/register`: only for an e-mail verified within the code's validity, with the three agreements. */
export const RegisterBody = Type.Object(
  { name: Type.String({ minLength: NAME_MIN, maxLength: NAME_MAX }), email: Email, password: Password, ...ConsentFields },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

/** `POST /api/auth/login`. The remember flag stays on the client (SPEC §7). */
export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
    /** Issue #32 item 4: the one-time code mailed for a new device once the account's failure threshold is passed. */
    code: Type.Optional(Code),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/** `POST /api/auth/password-reset/confirm`: the code from the reset mail and the new password. */
export const PasswordResetBody = Type.Object({ email: Email, code: Code, newPassword: Password }, { additionalProperties: false });
export type PasswordResetBody = Static<typeof PasswordResetBody>;

/** Login, register (and later social login) answer the access token plus the user fields (SPEC §3). */
export const AuthResponse = Type.Intersect([Type.Object({ accessToken: Type.String() }), User]);
export type AuthResponse = Static<typeof AuthResponse>;

/** A plain acknowledgement `{ message }` in Korean. */
export const MessageBody = Type.Object({ message: Type.String() });
export type MessageBody = Static<typeof MessageBody>;
