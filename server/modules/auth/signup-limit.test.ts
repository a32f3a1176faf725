/**
 * Sign-ups per address (issue #32 item 1): by default a household's worth — 5 an hour from one
 * address (`RATE_LIMIT_REGISTER_PER_IP`) — so one person cannot make the accounts it takes to hide
 * a post by reports. The audit made 53 accounts an hour from one address with the old default.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../common/errors.ts';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  // The limit as configured by default (the helper raises it for files that register many members).
  t = await createTestApp({ rateLimits: { registerPerIp: loadConfig({}).rateLimits.registerPerIp } });
});
afterAll(async () => {
  await t.close();
});

/** Sends a code, verifies it and registers, all from `address`; answers the register response. */
async function signUp(address: string) {
  const email = `household-${randomBytes(4).toString('hex')}@example.com`;
  const sent = await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email }, remoteAddress: address });
  expect(sent.statusCode).toBe(200);
  const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code: t.lastMailTo(email).code }, remoteAddress: address });
  expect(verified.statusCode).toBe(200);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: '가족', email, password: 'password-123', agreeTerms: true, agreePrivacy: true, ageConfirmed: true },
    remoteAddress: address,
  });
}

describe('sign-ups per address (issue #32 item 1)', () => {
  it('defaults to 5 an hour: the 6th from one address is 429 with a Korean text; another address still signs up', async () => {
    expect(DEFAULT_RATE_LIMITS.registerPerIp).toEqual({ max: 5, windowMs: 60 * 60 * 1000 });
    for (let i = 0; i < 5; i++) expect((await signUp('198.51.100.7')).statusCode).toBe(201);
    const sixth = await signUp('198.51.100.7');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED', message: errorText('RATE_LIMITED') });
    expect((await signUp('198.51.100.8')).statusCode).toBe(201);
  });
});
