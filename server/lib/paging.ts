/**
 * Keyset paging for list endpoints (issue #19 item 1; limits and the `Link` parser in
 * common/paging.ts, query schema in common/api/paging.ts).
 *
 * A route reads `limit + 1` rows ordered by its sort key plus id (never OFFSET), answers the first
 * `limit` and, when the extra row exists, sets `Link: <same path and query with cursor=…>; rel="next"`.
 * The cursor is the sort key of the last answered row, base64url JSON, checked against the shape the
 * route declares when it comes back: a tampered or foreign cursor answers 400 INVALID_CURSOR, never
 * a 500 or a silently different list.
 *
 * ```ts
 * const limit = pageLimit(request.query.limit);
 * const after = decodeCursor(request.query.cursor, CreatedAtId);   // [createdAtIso, id] | undefined
 * const rows = await service.list({ limit: limit + 1, after });
 * return sendPage(request, reply, rows, limit, (p) => [p.createdAt, p.id]);
 * ```
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CURSOR_MAX_LENGTH, PAGE_DEFAULT, PAGE_MAX } from '../../common/paging.ts';
import { appError } from './errors.ts';

/**
 * A timestamp column as ISO 8601 UTC with microseconds (`2026-11-27T04:39:05.123456Z`): the exact
 * value for a `TimeIdCursor`. A JS Date keeps milliseconds only, and rows written with the
 * database's `now()` have more, so a cursor built from a Date would skip or repeat rows.
 */
export const exactTime = (column: AnyColumn): SQL<string> => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** `?limit=` → the page size: default 20, at most 100 (a larger value is cut, not refused). */
export function pageLimit(limit: number | undefined, defaults: { default?: number; max?: number } = {}): number {
  const max = defaults.max ?? PAGE_MAX;
  return Math.min(limit ?? defaults.default ?? PAGE_DEFAULT, max);
}

/** Common cursor shapes. Timestamps are ISO 8601 strings (exact to the millisecond) or epoch ms. */
export const IdCursor = Type.Tuple([Type.Integer({ minimum: 1 })]);
export const TimeIdCursor = Type.Tuple([Type.String({ format: 'date-time', maxLength: 40 }), Type.Integer({ minimum: 1 })]);

/** Encodes a row's sort key (JSON values) as an opaque, URL-safe cursor. */
export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * Decodes `?cursor=` against `shape` (a TypeBox tuple). Absent → undefined; anything the server
 * could not have issued (bad base64, bad JSON, wrong shape, too long) → 400 INVALID_CURSOR.
 */
export function decodeCursor<S extends TSchema>(cursor: string | undefined, shape: S): Static<S> | undefined {
  if (cursor === undefined) return undefined;
  const invalid = appError('INVALID_CURSOR', { field: 'cursor' });
  if (cursor.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Value.Check(shape, value)) throw invalid;
  return value as Static<S>;
}

/** The request's own path and query with `cursor` (and `limit`) replaced: the `rel="next"` target. */
export function nextPageUrl(request: FastifyRequest, cursor: string, limit: number): string {
  const url = new URL(request.url, 'http://x');
  url.searchParams.set('cursor', cursor);
  url.searchParams.set('limit', String(limit));
  return `${url.pathname}?${url.searchParams.toString()}`;
}

/**
 * Answers the first `limit` of `rows` (read with `limit + 1`) and, when there are more, sets
 * `Link: <…cursor=key(last)>; rel="next"`. Answers the page (an array) for the route to return.
 */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, rows: readonly T[], limit: number, key: (row: T) => readonly unknown[]): T[] {
  const page = rows.slice(0, limit);
  if (rows.length > limit && page.length > 0) {
    reply.header('link', `<${nextPageUrl(request, encodeCursor(key(page[page.length - 1]!)), limit)}>; rel="next"`);
  }
  return page;
}

/** What `pagedList` needs: the cursor's shape, how to read rows after it, and a row's sort key. */
export interface PagedListOptions<T, S extends TSchema> {
  /** The shape of the sort key (e.g. `TimeIdCursor`); a cursor of another shape → 400 INVALID_CURSOR. */
  cursor: S;
  /** Reads up to `limit` rows (the page size + 1) after `after` (undefined: from the start), in sort order. */
  load: (page: { limit: number; after: Static<S> | undefined }) => Promise<readonly T[]>;
  /** The sort key of a row, encoded as the next page's cursor. */
  key: (row: T) => readonly unknown[];
  /** Page size default and maximum (default 20 and 100). */
  limits?: { default?: number; max?: number };
}

/**
 * One keyset-paged list answer: reads `?limit=` and `?cursor=`, loads the page size + 1 rows,
 * answers the page (a JSON array) and sets `Link: <…>; rel="next"` when there are more.
 * @throws 400 INVALID_CURSOR for a cursor the server did not issue.
 */
export async function pagedList<T, S extends TSchema>(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: PagedListOptions<T, S>,
): Promise<T[]> {
  const query = (request.query ?? {}) as { limit?: number; cursor?: string };
  const limit = pageLimit(query.limit, opts.limits);
  const after = decodeCursor(query.cursor, opts.cursor);
  const rows = await opts.load({ limit: limit + 1, after });
  return sendPage(request, reply, rows, limit, opts.key);
}
