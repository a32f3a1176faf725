/**
 * Security headers (issue #13): HSTS only when PUBLIC_URL is https; the CSP keeps images to our
 * own origin, data:, blob: and the map tile hosts (no `https:` wildcard); nosniff and
 * frame-ancestors stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { BOOT_AFTER_PAINT_HASH, PAGE_PRELOAD_HASH, PRERENDER_GUARD_HASH } from './security.ts';

/** The CSP header as a map of directive → sources. */
function csp(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('with an https PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://bapsang.example' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends HSTS for 180 days with subdomains, on API answers and errors alike', async () => {
    for (const url of ['/healthz', '/api/no-such-route']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(url === '/healthz' ? 200 : 404);
      expect(res.headers['strict-transport-security'], url).toBe('max-age=15552000; includeSubDomains');
    }
  });

  it("keeps img-src to 'self', data:, blob: and the map tile hosts; no https: wildcard; nosniff, frame-ancestors 'none' and wss to our host", async () => {
    const res = await t.app.inject({ url: '/healthz' });
    const d = csp(res.headers['content-security-policy']);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org']);
    // Issue #18: no Kakao key, no Kakao SDK host (only the postcode widget's t1.daumcdn.net); one
    // inline script, the prerendered pages' guard, by its hash (issue #33 item 2).
    expect(d['script-src']).toEqual(["'self'", PRERENDER_GUARD_HASH, PAGE_PRELOAD_HASH, BOOT_AFTER_PAINT_HASH, 'https://t1.daumcdn.net']);
    expect(PRERENDER_GUARD_HASH).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(PAGE_PRELOAD_HASH).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(BOOT_AFTER_PAINT_HASH).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    for (const [name, sources] of Object.entries(d)) {
      expect(sources, name).not.toContain('https:');
      expect(sources, name).not.toContain('*');
    }
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['connect-src']).toContain('wss://bapsang.example');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('with an http PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:8080' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends no HSTS, and the same CSP image rule', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(csp(res.headers['content-security-policy'])['img-src']).not.toContain('https:');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('with Kakao keys (issue #18 item 5)', () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
  });

  it('allows exactly the Kakao Maps and KakaoTalk share SDK hosts when VITE_KAKAO_MAP_KEY and VITE_KAKAO_JS_KEY are set', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://bapsang.example', VITE_KAKAO_MAP_KEY: 'map-key', VITE_KAKAO_JS_KEY: 'js-key' } });
    const d = csp((await t.app.inject({ url: '/healthz' })).headers['content-security-policy']);
    expect(d['script-src']).toEqual(["'self'", PRERENDER_GUARD_HASH, PAGE_PRELOAD_HASH, BOOT_AFTER_PAINT_HASH, 'https://t1.daumcdn.net', 'https://dapi.kakao.com', 'https://t1.kakaocdn.net']);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org', 'https://*.daumcdn.net']);
    expect(d['connect-src']).toEqual(["'self'", 'wss://bapsang.example', 'https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com']);
    expect(d['frame-src']).toEqual(["'self'", 'https://t1.daumcdn.net']);
  });
});
