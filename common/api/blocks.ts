/**
 * Blocks (issue #17 item 4): `POST /api/blocks {userId}` → 201 (again → 200), `DELETE
 * /api/blocks/{userId}` → 204, `GET /api/blocks` → the members the caller blocked, newest first.
 * A block holds both ways: neither sees the other's schedules, posts or comments, requests and
 * chat messages between them are refused, and no notification passes between them.
 */
import { Type, type Static } from 'typebox';
import { PageParams } from './paging.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** `POST /api/blocks` body. */
export const BlockBody = Type.Object({ userId: Id }, { additionalProperties: false });
export type BlockBody = Static<typeof BlockBody>;

/** `/api/blocks/{userId}` path. */
export const BlockParams = Type.Object({ userId: Id });

/** One blocked member. */
export const BlockItem = Type.Object({
  user: Type.Object({ id: Type.Integer(), name: Type.String() }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type BlockItem = Static<typeof BlockItem>;

/** `GET /api/blocks`. */
export const BlockList = Type.Array(BlockItem);
export type BlockList = Static<typeof BlockList>;

/** `GET /api/blocks` query: `limit` and `cursor` (issue #19 item 1). */
export const BlockListQuery = Type.Object({ ...PageParams }, { additionalProperties: false });
export type BlockListQuery = Static<typeof BlockListQuery>;
