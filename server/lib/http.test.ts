import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { count } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/database.ts';
import { venues } from '../db/schema.ts';
import { sendInTransaction } from './http.ts';

/** issue #13: a write whose answer cannot be serialised leaves nothing behind. */
describe('sendInTransaction', () => {
  let db: Database;
  let close: () => Promise<void>;
  const app = Fastify();
  let n = 0;

  beforeAll(async () => {
    ({ db, close } = await openDatabase({ kind: 'pglite-memory' }));
    const write = (answer: (id: string) => unknown) => (tx: Database) => {
      n += 1;
      const id = `test-${n}`;
      return tx
        .insert(venues)
        .values({ id, placeName: '테스트 식당', categoryName: '한식', latitude: 37.5, longitude: 127, source: 'member' })
        .then(() => answer(id));
    };
    const schema = { response: { 201: Type.Object({ id: Type.String(), seats: Type.Integer() }) } };
    app.post('/good', { schema }, (_req, reply) => sendInTransaction(db, reply, 201, write((id) => ({ id, seats: 2 }))));
    app.post('/bad', { schema }, (_req, reply) => sendInTransaction(db, reply, 201, write((id) => ({ id, seats: 'many' }))));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await close();
  });

  const stored = async () => (await db.select({ n: count() }).from(venues))[0]!.n;

  it('answers the serialised body and keeps the row', async () => {
    const res = await app.inject({ method: 'POST', url: '/good' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ id: expect.stringMatching(/^test-/), seats: 2 });
    expect(await stored()).toBe(1);
  });

  it('rolls the write back when the answer does not fit the response schema', async () => {
    const before = await stored();
    const res = await app.inject({ method: 'POST', url: '/bad' });
    expect(res.statusCode).toBe(500);
    expect(await stored()).toBe(before);
  });
});
