import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import { bearer, createTestApp, type TestApp } from '../test/helper.ts';
import { loadJwtSecret, TOKEN_TTL_SECONDS } from './auth.ts';

let t: TestApp;
let member: Awaited<ReturnType<TestApp['registerMember']>>;
let key: Uint8Array;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.registerMember();
  key = new TextEncoder().encode(t.config.jwtSecret!);
});
afterAll(async () => {
  await t.close();
});

const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/user/me', headers });
const nowS = () => Math.floor(Date.now() / 1000);
const sign = (claims: Record<string, unknown>, opts: { alg?: string; key?: Uint8Array; sub?: string; iat?: number; exp?: number; nbf?: number } = {}) => {
  let jwt = new SignJWT({ ver: 0, ...claims }).setProtectedHeader({ alg: opts.alg ?? 'HS256' }).setSubject(opts.sub ?? String(member.id)).setIssuedAt(opts.iat ?? nowS()).setExpirationTime(opts.exp ?? nowS() + 3600);
  if (opts.nbf !== undefined) jwt = jwt.setNotBefore(opts.nbf);
  return jwt.sign(opts.key ?? key);
};

async function expect401(headers: Record<string, string>, code?: string) {
  const res = await me(headers);
  expect(res.statusCode).toBe(401);
  const body = res.json();
  expect(body.message).toMatch(/로그인/);
  if (code) expect(body.code).toBe(code);
}

describe('access tokens (jose, HS256 only)', () => {
  it('accepts the token from registration; claims are sub, ver, iat, exp (7 days)', async () => {
    expect((await me(member.headers)).statusCode).toBe(200);
    const [, payload] = member.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: String(member.id), ver: 0 });
    expect(claims.exp - claims.iat).toBe(TOKEN_TTL_SECONDS);
    expect(JSON.parse(Buffer.from(member.token.split('.')[0]!, 'base64url').toString()).alg).toBe('HS256');
  });

  it('a token we signed ourselves with the same claims is accepted (control)', async () => {
    expect((await me(bearer(await sign({})))).statusCode).toBe(200);
  });

  it('no token, a non-Bearer scheme and garbage: 401', async () => {
    await expect401({}, 'NO_TOKEN');
    await expect401({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }, 'NO_TOKEN');
    await expect401(bearer('garbage'), 'INVALID_TOKEN');
    await expect401(bearer('a.b.c'), 'INVALID_TOKEN');
    await expect401({ authorization: 'Bearer ' }, 'NO_TOKEN');
  });

  it('alg none: 401', async () => {
    const unsecured = new UnsecuredJWT({ ver: 0 }).setSubject(String(member.id)).setIssuedAt().setExpirationTime('1h').encode();
    await expect401(bearer(unsecured), 'INVALID_TOKEN');
  });

  it('another algorithm with the same secret (HS512, HS384): 401', async () => {
    await expect401(bearer(await sign({}, { alg: 'HS512' })), 'INVALID_TOKEN');
    await expect401(bearer(await sign({}, { alg: 'HS384' })), 'INVALID_TOKEN');
  });

  it('a tampered payload or a foreign key: 401', async () => {
    const [h, , s] = member.token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: String(member.id + 1000), ver: 0, iat: nowS(), exp: nowS() + 3600 })).toString('base64url');
    await expect401(bearer(`${h}.${forged}.${s}`), 'INVALID_TOKEN');
    const flipped = member.token.slice(0, -2) + (member.token.endsWith('AA') ? 'BB' : 'AA');
    await expect401(bearer(flipped), 'INVALID_TOKEN');
    await expect401(bearer(await sign({}, { key: new TextEncoder().encode('another-secret-another-secret-123') })), 'INVALID_TOKEN');
  });

  it('expired: 401 with the session-expired message', async () => {
    const res = await me(bearer(await sign({}, { iat: nowS() - 7200, exp: nowS() - 60 })));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: '로그인이 만료됐어요. 다시 로그인해주세요.', code: 'TOKEN_EXPIRED' });
  });

  it('expires after 7 days on the server clock, though it was verified (and remembered, issue #33 item 5) before', async () => {
    expect((await me(member.headers)).statusCode).toBe(200);
    t.clock.advance(TOKEN_TTL_SECONDS * 1000 + 60_000);
    try {
      await expect401(member.headers, 'TOKEN_EXPIRED');
    } finally {
      t.clock.advance(-(TOKEN_TTL_SECONDS * 1000 + 60_000));
    }
  });

  it('not valid yet (future nbf): 401', async () => {
    await expect401(bearer(await sign({}, { nbf: nowS() + 3600 })), 'INVALID_TOKEN');
  });

  it('missing or malformed claims, unknown user, wrong version: 401', async () => {
    const noExp = await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(member.id)).setIssuedAt().sign(key);
    await expect401(bearer(noExp), 'INVALID_TOKEN');
    await expect401(bearer(await sign({ ver: 'x' })), 'INVALID_TOKEN');
    await expect401(bearer(await sign({}, { sub: 'abc' })), 'INVALID_TOKEN');
    await expect401(bearer(await sign({}, { sub: '99999999999' })), 'INVALID_TOKEN');
    await expect401(bearer(await sign({}, { sub: '987654' })), 'TOKEN_REVOKED');
    await expect401(bearer(await sign({ ver: 7 })), 'TOKEN_REVOKED');
  });

  it('revoked by the token version after a password reset, though it was verified (and remembered) before', async () => {
    const m = await t.registerMember();
    expect((await me(m.headers)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: m.email } });
    const code = t.lastMailTo(m.email).code!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { email: m.email, code, newPassword: 'brand-new-pass' } });
    expect(reset.statusCode).toBe(200);
    await expect401(m.headers, 'TOKEN_REVOKED');
  });
});

describe('loadJwtSecret', () => {
  it('generates a secret once into DATA_DIR/jwt-secret with mode 0600 and reuses it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bs-secret-'));
    try {
      const first = await loadJwtSecret(undefined, dir);
      const file = path.join(dir, 'jwt-secret');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await readFile(file, 'utf8')).trim().length).toBeGreaterThanOrEqual(60);
      const second = await loadJwtSecret(undefined, dir);
      expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('uses JWT_SECRET when configured', async () => {
    expect(new TextDecoder().decode(await loadJwtSecret('s'.repeat(40), '/nonexistent'))).toBe('s'.repeat(40));
  });
});
