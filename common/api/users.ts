import { Type, type Static } from 'typebox';
import { defineOperation } from './operation.ts';
import { PREFERENCES } from '../domain/vocabulary.ts';
import { AGE_MAX, AGE_MIN, BIO_MAX, NAME_MAX, NAME_MIN } from '../domain/account.ts';

/** The longest 동네 name accepted before the list is consulted (the list's longest is 4 letters). */
const NEIGHBOURHOOD_MAX = 20;

/** Map of the 9 preference labels (SPEC §3) to on/off; unknown labels are refused. */
export const Preferences = Type.Object(
  Object.fromEntries(PREFERENCES.map((p) => [p, Type.Optional(Type.Boolean())])) as Record<
    (typeof PREFERENCES)[number],
    ReturnType<typeof Type.Optional<ReturnType<typeof Type.Boolean>>>
  >,
  { additionalProperties: false, description: 'SPEC §3 cuisine preferences: label → on/off' },
);
export type Preferences = Partial<Record<(typeof PREFERENCES)[number], boolean>>;

/**
 * A member as the API answers it (SPEC §3 User). `email` is read-only.
 * `averageRating` is the mean of all reviews ever received (1–5, 0 when none);
 * show it through `formatAverageRating` (common/domain/rating.ts).
 */
export const User = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    age: Type.Union([Type.Integer(), Type.Null()]),
    bio: Type.Union([Type.String(), Type.Null()]),
    profileImage: Type.Union([Type.String(), Type.Null()]),
    preferences: Type.Record(Type.String(), Type.Boolean()),
    neighbourhood: Type.Union([Type.String(), Type.Null()], {
      description: 'issue #31 item 2: the neighbourhood the member picked (a name of common/domain/neighbourhoods.ts); the matching page measures distance from its centre when the member shares no position. Only in the member\'s own view, never on public profiles',
    }),
    reviewCount: Type.Integer({ minimum: 0 }),
    averageRating: Type.Number({ minimum: 0, maximum: 5 }),
    isNewUser: Type.Boolean({ description: 'true until the first successful profile save (SPEC §4)' }),
    hasPassword: Type.Boolean({ description: 'false for a member who signed up with a social login only (account deletion then asks for the confirmation word instead of the password)' }),
    safetyGuideSeen: Type.Boolean({ description: 'issue #17 item 9: the member has read the safety guide (shown once before a first request or first accept)' }),
    consentRequired: Type.Boolean({
      description: 'issue #17: true when the member has not agreed to the terms and privacy policy in force (social sign-up, or a newer version); the client shows the consent step first',
    }),
    role: Type.Optional(
      Type.Union([Type.Literal('admin'), Type.Literal('member')], {
        description: 'issue #17: `admin` when the e-mail is listed in ADMIN_EMAILS (the /admin page and /api/admin/*); always answered by the server',
      }),
    ),
  },
  { $id: 'User' },
);
export type User = Static<typeof User>;

/**
 * `PUT /api/user/profile` body: the setup wizard payload (gender removed, age an integer or null)
 * or the profile edit. `email` is never accepted. `profileImage` (issue #13) must be
 * `/uploads/<name>` of one of the caller's own uploads (`POST /api/images/upload`, or the picture
 * copied from their social login) or a built-in avatar (`DEFAULT_AVATARS` / `DEFAULT_PROFILE_IMAGE`,
 * common/domain/vocabulary.ts); the value already stored is accepted unchanged. Anything else
 * (another member's upload, `/uploads/..`, unknown names, other hosts) → 400 naming `profileImage`.
 * `neighbourhood` (issue #31 item 2) is a name of common/domain/neighbourhoods.ts or null (none);
 * absent keeps the stored one; any other name → 400 VALIDATION naming `neighbourhood`.
 */
export const ProfileUpdateBody = Type.Object(
  {
    name: Type.String({ minLength: NAME_MIN, maxLength: NAME_MAX }),
    age: Type.Union([Type.Integer({ minimum: AGE_MIN, maximum: AGE_MAX }), Type.Null()]),
    bio: Type.Optional(Type.Union([Type.String({ maxLength: BIO_MAX }), Type.Null()])),
    profileImage: Type.Optional(
      Type.Union([Type.String({ maxLength: 300, pattern: '^/(uploads|avatars)/[A-Za-z0-9._-]+$' }), Type.Null()]),
    ),
    preferences: Preferences,
    neighbourhood: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: NEIGHBOURHOOD_MAX }), Type.Null()], {
        description: 'issue #31 item 2: a name of the neighbourhood list (common/domain/neighbourhoods.ts), null clears it, absent keeps it; an unknown name → 400 VALIDATION naming `neighbourhood`',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;

/**
 * Issue #17 item 8: fields of the member view (`User`) that `PUT /api/user/profile` ignores rather
 * than refuses, so a client may send back the full profile object it read (SPEC §7): every `User`
 * field that is not editable (id, email, isNewUser, counts, …). Other unknown fields are still 400.
 */
export const PROFILE_READ_ONLY_FIELDS: readonly string[] = Object.keys(User.properties).filter((k) => !(k in ProfileUpdateBody.properties));

/**
 * A member's reliability figures (issue #15), shown wherever a member is shown to another:
 * `mealCount` — confirmed meals (distinct schedules) the partner reported them present at, or both
 * marked arrived; `noShowCount` — distinct partners who reported them absent, last 180 days;
 * `lateCancelCount` — their cancellations within 24 h of the start, last 180 days.
 */
export const MemberStats = Type.Object({
  mealCount: Type.Integer({ minimum: 0 }),
  noShowCount: Type.Integer({ minimum: 0 }),
  lateCancelCount: Type.Integer({ minimum: 0 }),
});
/** `MemberStats`' properties, to spread into the objects that carry them. */
export const MEMBER_STATS_PROPERTIES = MemberStats.properties;
export type MemberStats = Static<typeof MemberStats>;

/**
 * `GET /api/users/{id}` (issue #15, signed-in members): what one member may see of another — never
 * the e-mail or age. `rating` is the average (0 when none; shown through `formatAverageRating`,
 * "아직 없어요" below 5 reviewers), `reviewCount` counts reviewers once.
 */
export const PublicProfile = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  profileImage: Type.Union([Type.String(), Type.Null()]),
  bio: Type.Union([Type.String(), Type.Null()]),
  preferences: Type.Record(Type.String(), Type.Boolean()),
  rating: Type.Number({ minimum: 0, maximum: 5 }),
  reviewCount: Type.Integer({ minimum: 0 }),
  ...MEMBER_STATS_PROPERTIES,
});
export type PublicProfile = Static<typeof PublicProfile>;

/** `GET /api/users/{id}` path. */
export const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type UserIdParams = Static<typeof UserIdParams>;

const tags = ['user'] as const;

/** The signed-in member. */
export const getMe = defineOperation({
  method: 'GET',
  path: '/api/user/me',
  auth: 'member',
  summary: 'The signed-in member',
  description: 'Answers the caller as a `User` (SPEC §3), and a client that gets 401 here signs out (SPEC §4).',
  tags,
  responses: { 200: User },
  errors: ['USER_NOT_FOUND'],
});

/** Saves the setup wizard payload or the profile edit; answers the updated member. */
export const updateProfile = defineOperation({
  method: 'PUT',
  path: '/api/user/profile',
  auth: 'member',
  summary: 'Save the profile',
  description:
    'Saves the setup-wizard payload or the profile edit (name, age, bio, `profileImage` of the caller\'s own uploads or a built-in avatar, the 9 preference labels of SPEC §3, and the `neighbourhood` of the bundled list that distance is measured from), ignoring the read-only fields of the member view so the whole profile may be sent back, refusing a name or bio with a refused word, clearing `isNewUser` on the first save, and answering the updated member.',
  tags,
  body: ProfileUpdateBody,
  responses: { 200: User },
  errors: ['NAME_REQUIRED', 'INVALID_PROFILE_IMAGE', 'INAPPROPRIATE_TEXT', 'USER_NOT_FOUND'],
});

/** What a signed-in member may see of another member (never the e-mail or age). */
export const getPublicProfile = defineOperation({
  method: 'GET',
  path: '/api/users/{id}',
  auth: 'member',
  summary: 'A member\'s public profile',
  description:
    'Answers what a signed-in member may see of member `id` (name, picture, bio, preferences, average `rating` of each reviewer\'s latest review, distinct reviewers, meals, no-shows and late cancellations of the last 180 days), never the e-mail or age, and 404 for a deleted member and for a member in a block with the caller, either way.',
  tags,
  params: UserIdParams,
  responses: { 200: PublicProfile },
  errors: ['USER_NOT_FOUND'],
});
