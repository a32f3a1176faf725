/**
 * `Idempotency-Key` for every authenticated POST under `/api` (issue #7: the client's offline
 * outbox replays writes; "a replay never creates a second row"). Keys live 24 h per member
 * (common/offline.ts IDEMPOTENCY_TTL_MS) in `idempotency_keys`.
 *
 * For a POST `/api/...` route, a preHandler is appended (through `onRoute`, so it runs after the
 * route's own `requireAuth` and rate limits). When the request carries `Idempotency-Key` and a
 * signed-in member (anonymous requests: the header is ignored):
 * - the key must match IDEMPOTENCY_KEY_PATTERN (1–200 visible ASCII characters) → else 400
 *   `IDEMPOTENCY_KEY_INVALID`;
 * - fingerprint = SHA-256 of method, URL (with query) and the canonical body (JSON with sorted
 *   keys; an empty or multipart body counts as '');
 * - first use of (member, key): an in-progress row is inserted (ON CONFLICT DO NOTHING — the loser
 *   of a race sees the winner's row), the handler runs, and `onSend` stores status, content type and
 *   body. A 5xx or 429 answer, or a body that is a stream, is not stored: the row is deleted so a
 *   retry runs again. An aborted request whose answer never reached `onSend` within
 *   IDEMPOTENCY_ABORT_GRACE_MS is released the same way;
 * - a row younger than 24 h: another fingerprint → 422 `IDEMPOTENCY_MISMATCH`; still in progress →
 *   409 `IDEMPOTENCY_IN_PROGRESS`; complete → the stored status, content type and body again, with
 *   `Idempotent-Replayed: true` (a stored 4xx is replayed too);
 * - an expired row (24 h, by the app's clock), or an in-progress row older than
 *   IDEMPOTENCY_STALE_MS (its request died with the process), is replaced.
 * Expired rows are swept every IDEMPOTENCY_SWEEP_MS (an unref'd timer, cleared on close) and by
 * `app.sweepIdempotencyKeys()`.
 */
import { createHash, randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_MS, IDEMPOTENT_REPLAYED_HEADER } from '../../common/offline.ts';
import { idempotencyKeys } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { Database, Tx } from '../db/database.ts';
import { fail } from '../lib/errors.ts';

/** An in-progress row older than this (ms) belongs to a request that died; it is replaced. */
export const IDEMPOTENCY_STALE_MS = 5 * 60 * 1000;
/** How often expired rows are deleted (ms). */
export const IDEMPOTENCY_SWEEP_MS = 60 * 60 * 1000;
/** After a client abort, how long (ms) the handler has to reach `onSend` before the row is released. */
export const IDEMPOTENCY_ABORT_GRACE_MS = 30 * 1000;

/** The row a request owns while it runs. */
interface Claim {
  userId: number;
  key: string;
  attempt: string;
  settled: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the idempotency preHandler when this request owns an `idempotency_keys` row. */
    idempotencyClaim: Claim | null;
  }
  interface FastifyInstance {
    /** Deletes `idempotency_keys` rows older than 24 h (by the app's clock); answers how many. */
    sweepIdempotencyKeys: () => Promise<number>;
  }
}

/** JSON with object keys sorted at every level, so equal bodies give equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * SHA-256 (hex) of `METHOD URL` and the canonical body: '' for no body (or a multipart upload,
 * which is read later as a stream), the text itself for a string body, sorted-key JSON otherwise.
 */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  const canonical = body === undefined || body === null ? '' : typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('base64') : canonicalJson(body);
  return createHash('sha256').update(`${method.toUpperCase()} ${url}\n`).update(canonical).digest('hex');
}

/** The body as storable text, or null when it cannot be stored (a stream). */
function storablePayload(payload: unknown): { body: string; base64: boolean } | null {
  if (payload === undefined || payload === null) return { body: '', base64: false };
  if (typeof payload === 'string') return { body: payload, base64: false };
  if (Buffer.isBuffer(payload)) return { body: payload.toString('base64'), base64: true };
  return null;
}

/**
 * Account deletion (issue #32 item 6): the answers cached here for other members' replays (up to
 * 24 h) stop naming member `oldName` — a JSON string that is exactly the name (an author, host or
 * sender) and a "{name}님" in a sentence become `newName` ("탈퇴한 회원"), as the live rows now
 * read. Text answers only (a base64 body is an image, never a name). Called inside the deletion's
 * transaction (server/modules/users/account.ts).
 */
export async function renameInCachedAnswers(tx: Tx | Database, oldName: string, newName: string, named: (name: string) => string): Promise<void> {
  const [quotedOld, quotedNew, namedOld, namedNew] = [JSON.stringify(oldName), JSON.stringify(newName), named(oldName), named(newName)];
  await tx
    .update(idempotencyKeys)
    .set({ body: sql`replace(replace(${idempotencyKeys.body}, ${quotedOld}, ${quotedNew}), ${namedOld}, ${namedNew})` })
    .where(and(eq(idempotencyKeys.bodyBase64, false), sql`(strpos(${idempotencyKeys.body}, ${quotedOld}) > 0 or strpos(${idempotencyKeys.body}, ${namedOld}) > 0)`));
}

/** Registers the idempotency hooks (after db and auth, before every module). */
export const idempotencyPlugin = fp<{ now: Clock }>(
  async (app, opts) => {
    const headerName = IDEMPOTENCY_HEADER.toLowerCase();
    const rowOf = (c: { userId: number; key: string; attempt: string }) =>
      and(eq(idempotencyKeys.userId, c.userId), eq(idempotencyKeys.key, c.key), eq(idempotencyKeys.attempt, c.attempt));

    /** Deletes the claimed row (only this attempt's) so a retry runs the handler again. */
    const release = async (claim: Claim) => {
      try {
        await app.db.delete(idempotencyKeys).where(rowOf(claim));
      } catch (err) {
        app.log.error({ err, userId: claim.userId }, 'idempotency: could not release a key');
      }
    };

    const preHandler: preHandlerHookHandler = async function idempotency(request: FastifyRequest, reply: FastifyReply) {
      const raw = request.headers[headerName];
      if (raw === undefined || !request.user) return;
      const key = Array.isArray(raw) ? undefined : raw;
      if (key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key)) fail('IDEMPOTENCY_KEY_INVALID');
      const userId = request.user.id;
      let fingerprint: string;
      try {
        fingerprint = requestFingerprint(request.method, request.url, request.body);
      } catch (error) {
        // A body nested too deeply to serialise (e.g. 100 000 `[`, on a route that does not read
        // its body) is the client's fault (issue #13 edge properties), not a 500.
        if (error instanceof RangeError) fail('BAD_JSON');
        throw error;
      }
      const attempt = randomUUID();
      for (let round = 0; round < 3; round += 1) {
        const now = opts.now();
        const inserted = await app.db
          .insert(idempotencyKeys)
          .values({ userId, key, fingerprint, attempt, createdAt: now })
          .onConflictDoNothing()
          .returning({ attempt: idempotencyKeys.attempt });
        if (inserted.length > 0) {
          const claim: Claim = { userId, key, attempt, settled: false };
          request.idempotencyClaim = claim;
          return;
        }
        const [row] = await app.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        if (!row) continue; // released in between: try to claim again
        const age = now.getTime() - row.createdAt.getTime();
        if (age >= IDEMPOTENCY_TTL_MS || (row.statusCode === null && age >= IDEMPOTENCY_STALE_MS)) {
          await app.db.delete(idempotencyKeys).where(rowOf(row));
          continue;
        }
        if (row.fingerprint !== fingerprint) fail('IDEMPOTENCY_MISMATCH');
        if (row.statusCode === null) fail('IDEMPOTENCY_IN_PROGRESS');
        reply.code(row.statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        if (row.contentType) reply.header('content-type', row.contentType);
        return reply.send(row.bodyBase64 ? Buffer.from(row.body ?? '', 'base64') : (row.body ?? ''));
      }
      fail('IDEMPOTENCY_IN_PROGRESS');
    };

    app.decorateRequest('idempotencyClaim', null);

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.includes('POST') || !route.url.startsWith('/api/')) return;
      const existing = route.preHandler;
      route.preHandler = [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), preHandler];
    });

    // Root-level onSend runs before the route-level ones (compression), so the payload is the
    // serialised text the handler produced.
    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim || claim.settled) return payload;
      claim.settled = true;
      const stored = storablePayload(payload);
      const status = reply.statusCode;
      if (stored === null || status >= 500 || status === 429) {
        await release(claim);
        return payload;
      }
      const contentType = reply.getHeader('content-type');
      try {
        await app.db
          .update(idempotencyKeys)
          .set({ statusCode: status, contentType: typeof contentType === 'string' ? contentType : null, body: stored.body, bodyBase64: stored.base64 })
          .where(rowOf(claim));
      } catch (err) {
        app.log.error({ err, userId: claim.userId }, 'idempotency: could not store an answer');
        await release(claim);
      }
      return payload;
    });

    // Safety nets: an answer that never passed onSend releases its key.
    app.addHook('onResponse', async (request) => {
      const claim = request.idempotencyClaim;
      if (!claim || claim.settled) return;
      claim.settled = true;
      await release(claim);
    });
    app.addHook('onRequestAbort', async (request) => {
      const claim = request.idempotencyClaim;
      if (!claim || claim.settled) return;
      setTimeout(() => {
        if (claim.settled) return;
        claim.settled = true;
        void release(claim);
      }, IDEMPOTENCY_ABORT_GRACE_MS).unref();
    });

    const sweep = async (): Promise<number> => {
      const removed = await app.db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, new Date(opts.now().getTime() - IDEMPOTENCY_TTL_MS)))
        .returning({ key: idempotencyKeys.key });
      return removed.length;
    };
    app.decorate('sweepIdempotencyKeys', sweep);
    const timer = setInterval(() => {
      sweep().catch((err: unknown) => app.log.error({ err }, 'idempotency: sweep failed'));
    }, IDEMPOTENCY_SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
    });
  },
  { name: 'idempotency', dependencies: ['db', 'auth'] },
);
