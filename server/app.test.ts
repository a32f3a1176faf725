import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helper.ts';
import { seedsDemoVenues } from './app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /healthz', () => {
  it('answers ok after checking the database', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('OpenAPI', () => {
  it('/api/docs/json lists every API route with its schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/auth/send-verification-email', '/api/auth/verify-email', '/api/auth/register', '/api/auth/login', '/api/auth/password-reset/request', '/api/auth/password-reset/confirm', '/api/auth/logout-all', '/api/auth/providers', '/api/user/me', '/api/user/profile', '/api/images/upload', '/api/ai/featured-reviews', '/healthz', '/api/schedules', '/api/schedules/my', '/api/schedules/random', '/api/schedules/{id}', '/api/matches', '/api/matches/sent', '/api/matches/{id}', '/api/matches/{id}/accept', '/api/matches/{id}/reject', '/api/matches/{id}/confirm', '/api/venues']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect(doc.paths['/api/auth/login'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/user/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes.bearerAuth.scheme).toBe('bearer');
    // Text answers are documented as text/plain.
    expect(Object.keys(doc.paths['/api/matches'].post.responses['201'].content)).toEqual(['text/plain']);
  });

  it('serves the Swagger UI at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs/static/index.html' });
    expect([200, 302]).toContain(res.statusCode);
    const ui = await t.app.inject({ url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('error policy', () => {
  it('malformed JSON is a 400 with a Korean message, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email": "a@b.c", ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: '요청 본문을 읽을 수 없어요. 올바른 JSON을 보내주세요.', code: 'BAD_JSON' });
  });

  it('an empty JSON body, a JSON array and a text body are 4xx', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    const arr = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(arr.statusCode).toBe(400);
    expect(arr.json().code).toBe('VALIDATION');
    const text = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(400);
  });

  it('an unsupported content type is 415 with a Korean message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: '지원하지 않는 요청 형식이에요.', code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('an oversize JSON body is 413 with a Korean message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: '요청 본문이 너무 커요.', code: 'BODY_TOO_LARGE' });
  });

  it('prototype pollution keys are refused', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email":"a@b.c","password":"x","__proto__":{"admin":true}}', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
  });

  it('unknown API paths are a JSON 404 (no client build configured)', async () => {
    const res = await t.app.inject({ url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: '요청한 주소를 찾을 수 없어요.', code: 'NOT_FOUND' });
    const page = await t.app.inject({ url: '/matching', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
  });

  it('sets security headers and the CSP on API answers', async () => {
    const res = await t.app.inject({ url: '/api/ai/featured-reviews' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('venue catalogue run modes', () => {
  it('DEMO DATA venues are seeded only on PGlite without a Kakao key', () => {
    const kakao = { kakaoLocal: { restApiKey: 'k', baseUrl: 'https://dapi.kakao.com' } };
    expect(seedsDemoVenues('pglite-dir', { kakaoLocal: undefined })).toBe(true);
    expect(seedsDemoVenues('pglite-memory', { kakaoLocal: undefined })).toBe(true);
    expect(seedsDemoVenues('postgres', { kakaoLocal: undefined })).toBe(false);
    expect(seedsDemoVenues('pglite-dir', kakao)).toBe(false);
  });
});
