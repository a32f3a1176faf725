/**
 * The member's own data (issue #17 item 3, PIPA access right): `GET /api/user/me/export` answers
 * everything the service holds about the caller as one JSON document (sent as a download).
 * Rows keep the database's field names (camelCase) and ISO 8601 times.
 */
import { Type, type Static } from 'typebox';
import { defineOperation } from './operation.ts';
import { User } from './users.ts';

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
  /** Issue #32 item 6: the posts the member liked (post id, when). */
  likes: Rows,
  /** The posts whose view was last counted for the member, and when (the hourly view throttle). */
  postViews: Rows,
  /** The table chats (one per meal, by schedule id) the member is or was in: role, joined, left. */
  tableMemberships: Rows,
  /** The table chat lines the member sent, and the system lines about them ("…님이 참여했어요"). */
  tableMessagesSent: Rows,
  /** Read positions and mutes per conversation (`match` or `table`). */
  chatStates: Rows,
  /** Images the member uploaded (storage name, when). */
  uploads: Rows,
  /** Social logins linked to the account: provider, the provider's id and e-mail for the member. */
  socialLogins: Rows,
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

/** The versions of the terms and privacy policy in force and the contact address (public). */
export const getLegalInfo = defineOperation({
  method: 'GET',
  path: '/api/legal',
  auth: 'public',
  summary: 'Terms versions and contact',
  description: 'Answers the versions (YYYY-MM-DD) of the terms (/terms) and privacy policy (/privacy) in force and the operator\'s contact e-mail (CONTACT_EMAIL).',
  tags: ['user'],
  responses: { 200: LegalInfo },
  errors: [],
});

/** The member agrees to the versions in force; answers the member with `consentRequired: false`. */
export const giveConsent = defineOperation({
  method: 'POST',
  path: '/api/user/consent',
  auth: 'member',
  summary: 'Agree to the terms',
  description:
    'Records that a member whose `consentRequired` is true (a social sign-up, or newer terms or privacy policy) agrees again, with `agreeTerms`, `agreePrivacy` and `ageConfirmed` all true, storing the versions in force and answering the updated member.',
  tags: ['user'],
  body: ConsentBody,
  responses: { 200: User },
  errors: ['CONSENT_REQUIRED', 'USER_NOT_FOUND'],
});

/** The member has read the safety guide (the first time counts; again → 204, nothing changes). */
export const markSafetyGuideSeen = defineOperation({
  method: 'POST',
  path: '/api/user/safety-guide',
  auth: 'member',
  summary: 'Safety guide read',
  description:
    'Records that the member has read the safety guide the app shows once before a first match request or first accept, so `safetyGuideSeen` is true from then on (again: 204, nothing changes).',
  tags: ['user'],
  responses: { 204: Type.Null({ description: 'recorded' }) },
  errors: [],
});

/** Deletes the caller's account (password, or the confirmation word for a member without one). */
export const deleteAccount = defineOperation({
  method: 'DELETE',
  path: '/api/user/me',
  auth: 'member',
  summary: 'Delete the account',
  description:
    'Deletes the caller\'s account given their `password`, or `confirm` with the confirmation word for a member who signed up with a social login and has none: every token and live connection ends, their open matches are cancelled (each partner told), their schedules not yet started leave every list, their personal data (e-mail, name, bio, age, preferences, consent, picture, push tokens, social-login links, inbox, blocks, share links) is erased, and their posts, comments, reviews and chat messages stay for the others under a deleted-member name with no profile.',
  tags: ['user'],
  body: DeleteAccountBody,
  responses: { 204: Type.Null({ description: 'deleted' }) },
  errors: ['USER_NOT_FOUND', 'PASSWORD_REQUIRED', 'WRONG_PASSWORD', 'CONFIRM_REQUIRED'],
  rateLimited: true,
});

/** Everything held about the caller as one JSON download. */
export const exportMyData = defineOperation({
  method: 'GET',
  path: '/api/user/me/export',
  auth: 'member',
  summary: 'Download my data',
  description:
    'Answers everything held about the caller as one JSON download (`Content-Disposition: attachment`): the account (never the password hash), schedules, match requests as requester and as host, chat messages sent, posts, comments, reviews given and received, blocks, reports filed, notifications, push registrations and share links.',
  tags: ['user'],
  responses: { 200: MyDataExport },
  errors: ['USER_NOT_FOUND'],
});
