/**
 * Blocks: `POST /api/blocks {userId}` → 201 (again → 200), `DELETE /api/blocks/{userId}` → 204,
 * `GET /api/blocks` → the members the caller blocked, newest first. A block holds both ways:
 * neither sees the other's schedules, posts or comments, requests and chat messages between them
 * are refused, and no notification passes between them.
 */
import { Type, type Static } from 'typebox';
import { defineOperation } from './operation.ts';
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

/** `GET /api/blocks` query: `limit` and `cursor`. */
export const BlockListQuery = Type.Object({ ...PageParams }, { additionalProperties: false });
export type BlockListQuery = Static<typeof BlockListQuery>;

/** `{ message }`: the Korean confirmation of a block. */
export const BlockAnswer = Type.Object({ message: Type.String() });

const tags = ['blocks'] as const;

/** Blocks a member: 201 the first time, 200 when already blocked; their open matches are cancelled. */
export const blockMember = defineOperation({
  method: 'POST',
  path: '/api/blocks',
  auth: 'member',
  summary: '차단하기',
  description:
    'Blocks `userId` (201 the first time, 200 when already blocked) and cancels the open matches between the two, ending their chats, without telling the blocked member who did it.',
  tags,
  body: BlockBody,
  responses: { 200: BlockAnswer, 201: BlockAnswer },
  errors: ['SELF', 'USER_NOT_FOUND'],
});

/** Unblocks a member: 204 whether or not they were blocked. */
export const unblockMember = defineOperation({
  method: 'DELETE',
  path: '/api/blocks/{userId}',
  auth: 'member',
  summary: '차단 해제',
  description: 'Unblocks `userId` (204 whether or not the member was blocked); cancelled matches stay cancelled.',
  tags,
  params: BlockParams,
  responses: { 204: Type.Null({ description: 'unblocked' }) },
  errors: [],
});

/** The members the caller blocked, newest first (paged). */
export const listBlocks = defineOperation({
  method: 'GET',
  path: '/api/blocks',
  auth: 'member',
  summary: '차단한 회원',
  description: 'Lists the members the caller blocked as `[{user: {id, name}, createdAt}]`, newest first, paged by `limit` and `cursor`.',
  tags,
  querystring: BlockListQuery,
  responses: { 200: BlockList },
  errors: [],
  paged: true,
});
