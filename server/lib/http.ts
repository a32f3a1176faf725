/**
 * Route-declaration helpers shared by the modules: the error responses a route can give, in the
 * OpenAPI document and for serialisation. All of them are `ErrorBody` (common/api/errors.ts).
 */
import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorBody } from '../../common/api/errors.ts';
import type { Database } from '../db/database.ts';

const { $id: _id, ...errorBodyInline } = ErrorBody as typeof ErrorBody & { $id?: string };
/** `ErrorBody` without its `$id`, so it can be inlined in as many responses as needed. */
export const ErrorBodySchema = Type.Unsafe<{ message: string; code?: string; field?: string }>(errorBodyInline);

/** `{ [status]: ErrorBody }` for each status, e.g. `errorResponses(400, 401, 429)`. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema]));
}

/**
 * A `text/plain; charset=utf-8` answer in the OpenAPI document (DESIGN.md: where SPEC §7 says
 * "text message"). Send it with `sendText`.
 */
export function textResponse(description: string) {
  return { description, content: { 'text/plain': { schema: Type.String({ description: 'Korean text message' }) } } };
}

/** Sends a Korean text answer as `text/plain; charset=utf-8`. */
export function sendText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(text);
}

/**
 * Lets the routes of one plugin (module) take an empty `application/json` body, as the
 * action calls of SPEC §7 do (accept/reject/confirm, view, like: "empty body"). Fastify
 * otherwise answers 400 for an empty JSON body. Malformed JSON still answers 400. Scoped to
 * the plugin it is called in.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      (error as { statusCode?: number }).statusCode = 400;
      done(error as Error, undefined);
    }
  });
}

/**
 * Runs a write and serialises its answer with the route's response schema inside one database
 * transaction (issue #13: "a 500 never leaves a committed row behind"). When the answer cannot be
 * serialised, the transaction is rolled back and the error reaches the error handler (500, nothing
 * stored). `write` gets the transaction; services built on it run their own transactions as
 * savepoints. Answers `status` with the JSON text.
 */
export async function sendInTransaction<T>(
  db: Database,
  reply: FastifyReply,
  status: number,
  write: (tx: Database) => Promise<T>,
  /** Runs after the commit and before the answer is sent (e.g. notifications: a client that has the answer can count on them). */
  afterCommit?: () => Promise<void>,
): Promise<FastifyReply> {
  const json = await db.transaction(async (tx) => reply.code(status).serialize(await write(tx as unknown as Database)));
  await afterCommit?.();
  return reply.code(status).type('application/json; charset=utf-8').send(json);
}
