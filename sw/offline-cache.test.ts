import { describe, expect, it, vi } from 'vitest';
import { MIRROR_OWNER_KEY, OFFLINE_SAVED_AT_HEADER } from '../common/offline.ts';
// workbox modules read the worker's `self` when they load.
vi.hoisted(() => {
  (globalThis as { self?: unknown }).self ??= globalThis;
});

import { isMirroredRequest, mirroredFetch, type MirrorStorage } from './offline-cache.ts';

function memoryStorage(): MirrorStorage & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: <T>(key: string) => Promise.resolve(map.get(key) as T | undefined),
    set: (key, value) => Promise.resolve(void map.set(key, value)),
    clear: () => Promise.resolve(map.clear()),
  };
}

/** An unsigned JWT with `sub` (the mirror reads it without verifying). */
function token(sub: number): string {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ sub: String(sub) })}.sig`;
}

const ORIGIN = 'https://app.test';
const request = (sub: number, path = '/api/board') => new Request(`${ORIGIN}${path}`, { headers: { Authorization: `Bearer ${token(sub)}` } });
const online = (body: string, status = 200) => () => Promise.resolve(new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('service worker offline mirror', () => {
  it('mirrors only same-origin GETs of mirrored paths with a bearer token', () => {
    expect(isMirroredRequest(request(1), ORIGIN)).toBe(true);
    expect(isMirroredRequest(request(1, '/api/reviews/my'), ORIGIN)).toBe(true);
    expect(isMirroredRequest(new Request(`${ORIGIN}/api/board`), ORIGIN)).toBe(false);
    expect(isMirroredRequest(request(1, '/api/user/1'), ORIGIN)).toBe(false);
    expect(isMirroredRequest(request(1), 'https://other.test')).toBe(false);
    expect(isMirroredRequest(new Request(`${ORIGIN}/api/board`, { method: 'POST', headers: { Authorization: `Bearer ${token(1)}` } }), ORIGIN)).toBe(false);
  });

  it('answers the live 2xx and, when the network fails, the stored copy with its saved-at header', async () => {
    const storage = memoryStorage();
    const live = await mirroredFetch(request(1), storage, online('[{"id":1}]'));
    expect(await live.text()).toBe('[{"id":1}]');
    const cached = await mirroredFetch(request(1), storage, offline);
    expect(cached.status).toBe(200);
    expect(cached.headers.get('Content-Type')).toBe('application/json');
    expect(await cached.text()).toBe('[{"id":1}]');
    expect(Date.parse(cached.headers.get(OFFLINE_SAVED_AT_HEADER) ?? '')).not.toBeNaN();
  });

  it('keeps the network failure when nothing is stored, and never stores a non-2xx answer', async () => {
    const storage = memoryStorage();
    await expect(mirroredFetch(request(1), storage, offline)).rejects.toThrow(TypeError);
    const failed = await mirroredFetch(request(1), storage, online('{"message":"x"}', 500));
    expect(failed.status).toBe(500);
    await expect(mirroredFetch(request(1), storage, offline)).rejects.toThrow(TypeError);
  });

  it("never serves another member's copy and clears it when another member's answer is stored", async () => {
    const storage = memoryStorage();
    await mirroredFetch(request(1), storage, online('"member 1"'));
    await expect(mirroredFetch(request(2), storage, offline)).rejects.toThrow(TypeError);
    await mirroredFetch(request(2, '/api/schedules'), storage, online('"member 2"'));
    expect(storage.map.get(MIRROR_OWNER_KEY)).toBe('2');
    expect([...storage.map.keys()].some((k) => k.startsWith('1:'))).toBe(false);
    await expect(mirroredFetch(request(1), storage, offline)).rejects.toThrow(TypeError);
  });

  it('a mirrored page keeps its Link header, keyed by path and query (issue #19: the day list and the calendar)', async () => {
    const storage = memoryStorage();
    const day = '/api/schedules?date=2026-12-01&lat=37.5665&lng=126.9780&radius=5000&limit=20';
    expect(isMirroredRequest(request(1, day), ORIGIN)).toBe(true);
    expect(isMirroredRequest(request(1, '/api/schedules/calendar?from=2026-12-01&to=2026-12-22'), ORIGIN)).toBe(true);
    const link = '</api/schedules?date=2026-12-01&cursor=abc&limit=20>; rel="next"';
    await mirroredFetch(request(1, day), storage, () => Promise.resolve(new Response('[{"id":1}]', { status: 200, headers: { 'Content-Type': 'application/json', Link: link } })));
    const cached = await mirroredFetch(request(1, day), storage, offline);
    expect(cached.headers.get('Link')).toBe(link);
    expect(await cached.text()).toBe('[{"id":1}]');
    // Another day is another entry: nothing stored for it.
    await expect(mirroredFetch(request(1, day.replace('12-01', '12-02')), storage, offline)).rejects.toThrow(TypeError);
  });
});
