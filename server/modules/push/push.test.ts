/**
 * Push device tokens (issue #7): `DELETE /api/fcm/token` removes only the caller's token and is
 * idempotent; `POST /api/fcm/token` moves a device token registered by another member to the caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { pushTokens } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
type Member = Awaited<ReturnType<TestApp['quickMember']>>;
let alice: Member;
let bob: Member;

const tokensOf = async (m: Member) => (await t.app.db.select({ token: pushTokens.token }).from(pushTokens).where(eq(pushTokens.userId, m.id)).orderBy(asc(pushTokens.id))).map((r) => r.token);
const call = (method: 'POST' | 'DELETE', who: Member | undefined, payload: unknown) => t.app.inject({ method, url: '/api/fcm/token', headers: who?.headers ?? {}, payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.quickMember({ name: '앨리스' });
  bob = await t.quickMember({ name: '밥' });
});
afterAll(async () => {
  await t.close();
});

describe('DELETE /api/fcm/token', () => {
  it("removes the caller's token; a second delete is still 204", async () => {
    expect((await call('POST', alice, { token: 'alice-phone' })).statusCode).toBe(204);
    expect((await call('POST', alice, { token: 'alice-tablet' })).statusCode).toBe(204);
    expect((await call('DELETE', alice, { token: 'alice-phone' })).statusCode).toBe(204);
    expect(await tokensOf(alice)).toEqual(['alice-tablet']);
    expect((await call('DELETE', alice, { token: 'alice-phone' })).statusCode).toBe(204);
    expect(await tokensOf(alice)).toEqual(['alice-tablet']);
  });

  it("never touches another member's token", async () => {
    expect((await call('POST', bob, { token: 'bob-laptop' })).statusCode).toBe(204);
    expect((await call('DELETE', alice, { token: 'bob-laptop' })).statusCode).toBe(204);
    expect(await tokensOf(bob)).toEqual(['bob-laptop']);
  });

  it('400 without a token; 401 anonymous', async () => {
    expect((await call('DELETE', alice, { token: '' })).statusCode).toBe(400);
    expect((await call('DELETE', alice, {})).statusCode).toBe(400);
    expect((await call('DELETE', undefined, { token: 'alice-tablet' })).statusCode).toBe(401);
    expect(await tokensOf(alice)).toEqual(['alice-tablet']);
  });
});

describe('POST /api/fcm/token on a shared device', () => {
  it('the token moves to the member who registered it last', async () => {
    expect((await call('POST', alice, { token: 'family-phone' })).statusCode).toBe(204);
    expect((await call('POST', bob, { token: 'family-phone' })).statusCode).toBe(204);
    expect(await tokensOf(alice)).not.toContain('family-phone');
    expect(await tokensOf(bob)).toContain('family-phone');
    expect((await call('POST', alice, { token: 'family-phone' })).statusCode).toBe(204);
    expect(await tokensOf(bob)).not.toContain('family-phone');
    expect((await t.app.db.select().from(pushTokens).where(eq(pushTokens.token, 'family-phone'))).map((r) => r.userId)).toEqual([alice.id]);
  });
});
