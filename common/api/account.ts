/**
 * The member's own data (issue #17 item 3, PIPA access right): `GET /api/user/me/export` answers
 * everything the service holds about the caller as one JSON document (sent as a download).
 * Rows keep the database's field names (camelCase) and ISO 8601 times.
 */
import { Type, type Static } from 'typebox';

/** Rows of one kind: plain objects. */
const Rows = Type.Array(Type.Record(Type.String(), Type.Unknown()));

/** `GET /api/user/me/export`. */
export const MyDataExport = Type.Object({
  exportedAt: Type.String({ format: 'date-time' }),
  profile: Type.Record(Type.String(), Type.Unknown(), { description: 'the account: e-mail, name, age, bio, picture, preferences, consent, counts (never the password hash or token version)' }),
  schedules: Rows,
  matchRequests: Type.Object({ asRequester: Rows, asHost: Rows }),
  chatMessagesSent: Rows,
  posts: Rows,
  comments: Rows,
  reviews: Type.Object({ given: Rows, received: Rows }),
  blocks: Rows,
  /** Issue #32 item 6: the reports the member filed (with their reason and text; a dispute of a no-show mark too). */
  reportsFiled: Rows,
  /** The member's notification inbox. */
  notifications: Rows,
  /** Devices registered for push: when (the device token itself is a credential and is left out). */
  pushRegistrations: Rows,
  /** 안전 공유 links the member made: for which match, until when, revoked or not (the link's secret is not stored). */
  shareLinks: Rows,
});
export type MyDataExport = Static<typeof MyDataExport>;

/** `POST /api/user/consent` (issue #17 item 1): the three agreements again, for the versions in force. */
export const ConsentBody = Type.Object(
  {
    agreeTerms: Type.Optional(Type.Boolean({ description: 'must be true' })),
    agreePrivacy: Type.Optional(Type.Boolean({ description: 'must be true' })),
    ageConfirmed: Type.Optional(Type.Boolean({ description: 'must be true (14 or older)' })),
  },
  { additionalProperties: false },
);
export type ConsentBody = Static<typeof ConsentBody>;

/** What a member types to delete an account that has no password (social sign-up only). */
export const DELETE_ACCOUNT_CONFIRM_WORD = '탈퇴';

/**
 * `DELETE /api/user/me` (issue #17 item 2): the member's password, or — for a member who signed up
 * with a social login and has none — `confirm: "탈퇴"`.
 */
export const DeleteAccountBody = Type.Object(
  {
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    confirm: Type.Optional(Type.String({ maxLength: 10, description: `"${DELETE_ACCOUNT_CONFIRM_WORD}" for a member without a password` })),
  },
  { additionalProperties: false },
);
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

/** `GET /api/legal` (public): the versions in force and the published contact address (issue #17; App Store 1.2). */
export const LegalInfo = Type.Object({
  termsVersion: Type.String({ description: 'YYYY-MM-DD the terms took effect' }),
  privacyVersion: Type.String({ description: 'YYYY-MM-DD the privacy policy took effect' }),
  contactEmail: Type.String({ description: 'where members reach the operator (CONTACT_EMAIL)' }),
});
export type LegalInfo = Static<typeof LegalInfo>;
