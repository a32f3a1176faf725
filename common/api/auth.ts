import { Type, type Static } from 'typebox';
import { User } from './users.ts';
import { defineOperation } from './operation.ts';
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

const tags = ['auth'] as const;

/** Mails a sign-up code (or, to a registered address, a pointer to the password reset) with the same answer either way. */
export const sendVerificationEmail = defineOperation({
  method: 'POST',
  path: '/api/auth/send-verification-email',
  auth: 'public',
  summary: 'Send a sign-up code',
  description:
    'Mails a 6-digit code (valid 10 minutes, single use, 5 wrong tries; earlier codes die) to an address not yet registered, while a registered address gets the same answer after the same work but a mail that points to the password reset instead of a code, so the answer never tells whether an account exists.',
  tags,
  body: EmailBody,
  responses: { 200: MessageBody },
  errors: ['MAIL_FAILED'],
  rateLimited: true,
});

/** Checks the sign-up code: the address may register for 30 minutes. */
export const verifyEmail = defineOperation({
  method: 'POST',
  path: '/api/auth/verify-email',
  auth: 'public',
  summary: 'Check a sign-up code',
  description: 'Checks the mailed code and, when it is right and live, lets the address register within the next 30 minutes.',
  tags,
  body: VerifyEmailBody,
  responses: { 200: MessageBody },
  errors: ['CODE_MISMATCH', 'CODE_LOCKED', 'CODE_EXPIRED'],
  rateLimited: true,
});

/** Creates the member for a verified address and signs them in. */
export const register = defineOperation({
  method: 'POST',
  path: '/api/auth/register',
  auth: 'public',
  summary: 'Register',
  description:
    'Creates the member for an address verified in the last 30 minutes, with `agreeTerms`, `agreePrivacy` and `ageConfirmed` all true (stored with the versions of the terms and privacy policy in force), and signs them in with `isNewUser: true`.',
  tags,
  body: RegisterBody,
  responses: { 201: AuthResponse },
  errors: ['CONSENT_REQUIRED', 'NAME_REQUIRED', 'EMAIL_NOT_VERIFIED', 'EMAIL_TAKEN'],
  rateLimited: true,
});

/** Signs in with e-mail and password (and, on a new device past the failure threshold, the mailed code). */
export const login = defineOperation({
  method: 'POST',
  path: '/api/auth/login',
  auth: 'public',
  summary: 'Log in',
  description:
    'Answers an access token (HS256, 7 days) with the member for the right e-mail and password, where only failures count: a client without the account\'s device cookie past the account\'s failure threshold is asked for a code mailed to the account (sent again with `code`), a client with the cookie is held to its own failures, and a success sets that HttpOnly device cookie (path /api/auth/login, a year).',
  tags,
  body: LoginBody,
  responses: { 200: AuthResponse },
  errors: ['LOGIN_FAILED', 'LOGIN_CODE_REQUIRED', 'LOGIN_LOCKED', 'CODE_MISMATCH', 'CODE_LOCKED', 'CODE_EXPIRED', 'SUSPENDED'],
  rateLimited: true,
});

/** Mails a password reset code when the account exists; the same answer either way. */
export const requestPasswordReset = defineOperation({
  method: 'POST',
  path: '/api/auth/password-reset/request',
  auth: 'public',
  summary: 'Request a password reset code',
  description: 'Mails a password reset code when an account with a password has this address, answering the same either way so the answer never tells whether an account exists.',
  tags,
  body: EmailBody,
  responses: { 200: MessageBody },
  errors: [],
  rateLimited: true,
});

/** Sets a new password with the mailed code; every earlier token stops working. */
export const confirmPasswordReset = defineOperation({
  method: 'POST',
  path: '/api/auth/password-reset/confirm',
  auth: 'public',
  summary: 'Reset the password',
  description: 'Sets the new password with the mailed reset code and revokes every token issued before, closing the member\'s live connections.',
  tags,
  body: PasswordResetBody,
  responses: { 200: MessageBody },
  errors: ['CODE_MISMATCH', 'CODE_LOCKED', 'CODE_EXPIRED'],
  rateLimited: true,
});

/** Revokes every token of the caller. */
export const logoutAll = defineOperation({
  method: 'POST',
  path: '/api/auth/logout-all',
  auth: 'member',
  summary: 'Log out everywhere',
  description: 'Revokes every access token of the caller (a token version bump) and closes their live connections.',
  tags,
  responses: { 204: Type.Null({ description: 'every token revoked' }) },
  errors: [],
});
