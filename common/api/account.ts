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
});
export type MyDataExport = Static<typeof MyDataExport>;
