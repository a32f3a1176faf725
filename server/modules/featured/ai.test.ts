/**
 * The model path of the featured reviews against a fake OpenAI-compatible server on loopback
 * (node:http): a valid choice is used; a 500, an invalid answer and a slow answer fall back to the
 * rule. The last test runs the whole app with AI_* pointing at the fake server.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFeaturedService } from './service.ts';
import type { ReviewCandidate } from './rank.ts';
import { createTestApp } from '../../test/helper.ts';
import { act, createSchedule, kstNoonToday, mealHappened, requestMatch } from '../../test/schedule-fixtures.ts';

type Reply = { status: number; body: unknown; delayMs?: number };
let server: Server;
let baseUrl: string;
let reply: (ids: number[]) => Reply;
const calls: Array<{ auth: string | undefined; body: { model: string; messages: Array<{ role: string; content: string }> } }> = [];

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req));
    calls.push({ auth: req.headers.authorization, body });
    const offered = [...body.messages[1].content.matchAll(/"id":(\d+)/g)].map((m: RegExpMatchArray) => Number(m[1]));
    const r = reply(offered);
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify(r.body));
    };
    if (r.delayMs) setTimeout(send, r.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  calls.length = 0;
});

const chat = (content: string): Reply => ({ status: 200, body: { choices: [{ message: { role: 'assistant', content } }] } });
const reviews: ReviewCandidate[] = [1, 2, 3, 4].map((id) => ({
  id,
  reviewerId: id,
  reviewerName: `회원${id}`,
  reviewerProfileImage: null,
  rating: 5,
  comment: `정말 즐거운 식사였어요 다음에도 함께해요 ${'ㄱㄴㄷㄹ'[id - 1]}`,
  createdAt: new Date(1_700_000_000_000 + id * 1000),
}));
const ruleOrder = ['회원4', '회원3', '회원2', '회원1'];
const service = (timeoutMs = 3000) =>
  createFeaturedService({ loadReviews: async () => reviews, ai: { baseUrl, apiKey: 'test-key', model: 'fake-model' }, aiTimeoutMs: timeoutMs, ttlMs: 0 });
const names = async (s: ReturnType<typeof service>) => (await s.list()).map((r) => r.reviewerName);

describe('featured reviews with a model', () => {
  it('uses the order the model chose (only ids and comments are sent)', async () => {
    reply = () => chat('[2, 4]');
    expect(await names(service())).toEqual(['회원2', '회원4']);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.auth).toBe('Bearer test-key');
    expect(calls[0]!.body.model).toBe('fake-model');
    const sent = calls[0]!.body.messages[1]!.content;
    expect(sent).toContain('"id":4');
    expect(sent).not.toContain('회원');
  });

  it.each<[string, () => Reply]>([
    ['a 500', () => ({ status: 500, body: { error: 'boom' } })],
    ['an unknown id', () => chat('[2, 99]')],
    ['a duplicate id', () => chat('[2, 2]')],
    ['prose', () => chat('I like review 2 best')],
    ['an empty choice', () => chat('[]')],
    ['no choices', () => ({ status: 200, body: { nothing: true } })],
  ])('falls back to the rule on %s', async (_name, r) => {
    reply = r;
    expect(await names(service())).toEqual(ruleOrder);
    expect(calls).toHaveLength(1);
  });

  it('falls back to the rule when the model is slower than the time limit', async () => {
    reply = () => ({ ...chat('[1]'), delayMs: 1500 });
    const started = Date.now();
    expect(await names(service(200))).toEqual(ruleOrder);
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it('falls back when the endpoint is unreachable', async () => {
    const s = createFeaturedService({ loadReviews: async () => reviews, ai: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm' }, ttlMs: 0 });
    expect((await s.list()).map((r) => r.reviewerName)).toEqual(ruleOrder);
  });

  it('caches the answer until invalidated', async () => {
    reply = () => chat('[3]');
    const s = createFeaturedService({ loadReviews: async () => reviews, ai: { baseUrl, apiKey: 'k', model: 'm' } });
    expect(await names(s)).toEqual(['회원3']);
    expect(await names(s)).toEqual(['회원3']);
    expect(calls).toHaveLength(1);
    s.invalidate();
    reply = () => chat('[1]');
    expect(await names(s)).toEqual(['회원1']);
    expect(calls).toHaveLength(2);
  });

  it('does not call the model when nothing qualifies', async () => {
    const s = createFeaturedService({ loadReviews: async () => [], ai: { baseUrl, apiKey: 'k', model: 'm' }, ttlMs: 0 });
    expect(await s.list()).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('end to end: GET /api/ai/featured-reviews (no token) follows the model, and the rule when it fails', async () => {
    const t = await createTestApp({ env: { AI_BASE_URL: baseUrl, AI_API_KEY: 'app-key', AI_MODEL: 'fake', AI_TIMEOUT_MS: '300' } });
    try {
      t.clock.set(kstNoonToday());
      const host = await t.quickMember({ name: '호스트' });
      const ids: number[] = [];
      for (const name of ['가나다', '라마바']) {
        const g = await t.quickMember({ name });
        const scheduleId = await createSchedule(t, host.headers);
        const m = await requestMatch(t, g.headers, scheduleId);
        await act(t, host.headers, m, 'accept');
        await act(t, host.headers, m, 'confirm');
        await mealHappened(t, scheduleId);
        t.clock.advance(1000);
        const res = await t.app.inject({ method: 'POST', url: '/api/reviews', headers: g.headers, payload: { matchId: m, revieweeId: host.id, rating: 5, comment: `${name}: 친절하고 재미있는 분이었어요 추천합니다` } });
        expect(res.statusCode).toBe(201);
        ids.push(res.json().id);
      }
      reply = () => chat(JSON.stringify([ids[0]]));
      const chosen = await t.app.inject({ url: '/api/ai/featured-reviews' });
      expect(chosen.json().map((r: { reviewerName: string }) => r.reviewerName)).toEqual(['가*다']);
      expect(calls.at(-1)!.auth).toBe('Bearer app-key');
      // A review deletion drops the cache; the model now fails slowly → the rule (newer first).
      reply = () => ({ ...chat('[1]'), delayMs: 1000 });
      const list = (await t.app.inject({ url: '/api/reviews/my', headers: host.headers })).json();
      expect((await t.app.inject({ method: 'DELETE', url: `/api/reviews/${list[1].id}`, headers: host.headers })).statusCode).toBe(204);
      const fallback = await t.app.inject({ url: '/api/ai/featured-reviews' });
      expect(fallback.json().map((r: { reviewerName: string }) => r.reviewerName)).toEqual(['라*바']);
    } finally {
      await t.close();
    }
  });
});
