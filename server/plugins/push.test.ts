/**
 * FCM push (issue #7): real API flows (match request, accept, reject, confirm, chat message) with a
 * local recording stand-in of firebase-admin's Messaging under the real sender; dead tokens are
 * removed; failures never fail a request nor put a token in the log. Plus the FIREBASE_CREDENTIALS
 * check and a sender built from a valid-looking service account (no network).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { BatchResponse, MulticastMessage, SendResponse } from 'firebase-admin/messaging';
import { PUSH_TITLE } from '../../common/push.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { pushTokens } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { act, createSchedule, kstNoonToday, requestMatch } from '../test/schedule-fixtures.ts';
import { createFirebaseMessaging, FCM_MULTICAST_MAX, type PushMessaging } from './push.ts';

/** What the stand-in answers for one token: success, or a per-token error. */
type Outcome = { ok: true } | { ok: false; code: string; message: string };

/** A recording stand-in of firebase-admin's Messaging (BatchResponse-shaped answers). */
class RecordingMessaging implements PushMessaging {
  calls: MulticastMessage[] = [];
  /** Per-token outcomes; tokens not listed succeed. */
  outcomes = new Map<string, Outcome>();
  /** When set, the whole call rejects with it (network down, bad credentials …). */
  failWith: Error | undefined;
  /** When set, every call waits for it before answering (a slow FCM). */
  hold: Promise<void> | undefined;

  async sendEachForMulticast(message: MulticastMessage): Promise<BatchResponse> {
    this.calls.push(structuredClone(message));
    if (this.hold) await this.hold;
    if (this.failWith) throw this.failWith;
    const responses: SendResponse[] = message.tokens.map((token, i) => {
      const o = this.outcomes.get(token) ?? { ok: true };
      if (o.ok) return { success: true, messageId: `projects/p/messages/${i}` };
      const error = { code: o.code, message: o.message, toJSON: () => ({ code: o.code, message: o.message }) };
      return { success: false, error };
    });
    const successCount = responses.filter((r) => r.success).length;
    return { responses, successCount, failureCount: responses.length - successCount };
  }
}

const messaging = new RecordingMessaging();
let t: TestApp;
type Member = Awaited<ReturnType<TestApp['quickMember']>>;
let host: Member;
let guest: Member;

/** Registers a device token through the API. */
async function register(m: Member, token: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/fcm/token', headers: m.headers, payload: { token } });
  expect(res.statusCode, res.body).toBe(204);
}

const tokensOf = async (m: Member) => (await t.app.db.select({ token: pushTokens.token }).from(pushTokens).where(eq(pushTokens.userId, m.id)).orderBy(asc(pushTokens.id))).map((r) => r.token);

/** How many multicasts were sent, once the deliveries of earlier requests finished. */
async function settledCallCount(): Promise<number> {
  await t.app.pushIdle();
  return messaging.calls.length;
}

/** The one multicast sent since `from` (once the background deliveries finished). */
async function onlyCallSince(from: number): Promise<MulticastMessage> {
  await t.app.pushIdle();
  const calls = messaging.calls.slice(from);
  expect(calls).toHaveLength(1);
  return calls[0]!;
}

beforeAll(async () => {
  t = await createTestApp({ pushMessaging: messaging, env: { PUBLIC_URL: 'https://app.test', LOG_LEVEL: 'info' }, captureLogs: true });
  t.clock.set(kstNoonToday());
  host = await t.quickMember({ name: '호스트' });
  guest = await t.quickMember({ name: '게스트' });
  await register(host, 'host-phone-token');
  await register(host, 'host-laptop-token');
  await register(guest, 'guest-phone-token');
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  messaging.outcomes.clear();
  messaging.failWith = undefined;
});

describe('each live notification goes to the right member\'s tokens', () => {
  it('a match request → the host gets new_match_request', async () => {
    const from = await settledCallCount();
    const scheduleId = await createSchedule(t, host.headers);
    const matchId = await requestMatch(t, guest.headers, scheduleId);
    const call = await onlyCallSince(from);
    expect(call.tokens).toEqual(['host-phone-token', 'host-laptop-token']);
    expect(call.data).toEqual({
      type: 'new_match_request',
      matchId: String(matchId),
      scheduleId: String(scheduleId),
      title: PUSH_TITLE,
      body: expect.stringMatching(/^게스트님이 .+ 약속에 매칭을 신청했어요\.$/),
      url: '/match-requests',
      tag: `match-${matchId}`,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(call.webpush).toEqual({ headers: { Urgency: 'high', TTL: '86400' }, fcmOptions: { link: 'https://app.test/match-requests' } });
  });

  it('accept, then confirm → the requester gets match_accepted and match_confirmed', async () => {
    const matchId = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
    let from = await settledCallCount();
    expect((await act(t, host.headers, matchId, 'accept')).statusCode).toBe(200);
    let call = await onlyCallSince(from);
    expect(call.tokens).toEqual(['guest-phone-token']);
    expect(call.data).toMatchObject({ type: 'match_accepted', matchId: String(matchId), body: expect.stringMatching(/^호스트님이 .+ 약속 신청을 수락했어요\.$/), url: '/match-requests', tag: `match-${matchId}` });
    from = await settledCallCount();
    expect((await act(t, host.headers, matchId, 'confirm')).statusCode).toBe(200);
    call = await onlyCallSince(from);
    expect(call.tokens).toEqual(['guest-phone-token']);
    expect(call.data).toMatchObject({ type: 'match_confirmed', body: expect.stringMatching(/^.+님이 .+ 약속을 확정했어요\.$/), tag: `match-${matchId}` });
  });

  it('reject → the requester gets match_rejected', async () => {
    const matchId = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
    const from = await settledCallCount();
    expect((await act(t, host.headers, matchId, 'reject')).statusCode).toBe(200);
    const call = await onlyCallSince(from);
    expect(call.tokens).toEqual(['guest-phone-token']);
    expect(call.data).toMatchObject({ type: 'match_rejected', body: expect.stringMatching(/^.+님이 .+ 약속 신청을 거절했어요\.$/), url: '/match-requests' });
  });

  it('a chat message (POST /api/chat/{id}/messages) → the other participant gets new_message opening the chat', async () => {
    const matchId = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
    expect((await act(t, host.headers, matchId, 'accept')).statusCode).toBe(200);
    const from = await settledCallCount();
    const res = await t.app.inject({ method: 'POST', url: `/api/chat/${matchId}/messages`, headers: guest.headers, payload: { content: '안녕하세요' } });
    expect(res.statusCode).toBe(201);
    const call = await onlyCallSince(from);
    expect(call.tokens).toEqual(['host-phone-token', 'host-laptop-token']);
    expect(call.data).toMatchObject({ type: 'new_message', matchId: String(matchId), body: '게스트님이 새 메시지를 보냈어요.', url: `/chat/${matchId}`, tag: `match-${matchId}` });
    expect(call.webpush?.fcmOptions?.link).toBe(`https://app.test/chat/${matchId}`);
  });

  it('a push still waiting when the two block each other is not delivered; a moderation notice still is', async () => {
    const blocker = await t.quickMember({ name: '차단자' });
    await register(blocker, 'blocker-phone-token');
    // Handed over before the block (the line delivers it later): as the notifier builds it.
    const fromGuest = { type: 'new_message' as const, matchId: 1, scheduleId: 1, fromUser: { id: guest.id, name: '게스트' }, message: '게스트님이 새 메시지를 보냈습니다.', createdAt: new Date().toISOString() };
    let from = await settledCallCount();
    await t.app.pushSender.send(blocker.id, fromGuest);
    expect((await onlyCallSince(from)).tokens).toEqual(['blocker-phone-token']);

    const res = await t.app.inject({ method: 'POST', url: '/api/blocks', headers: blocker.headers, payload: { userId: guest.id } });
    expect(res.statusCode, res.body).toBe(201);
    from = await settledCallCount();
    await t.app.pushSender.send(blocker.id, fromGuest);
    // …and the other way: the blocked member's devices get nothing from the blocker either.
    await t.app.pushSender.send(guest.id, { ...fromGuest, fromUser: { id: blocker.id, name: '차단자' } });
    expect(await settledCallCount()).toBe(from);

    // A notice about the member's own content comes from themself: the block does not stop it.
    await t.app.pushSender.send(blocker.id, { ...fromGuest, type: 'content_hidden', matchId: 0, scheduleId: 0, fromUser: { id: blocker.id, name: '' }, message: '글이 숨겨졌어요.' });
    expect((await onlyCallSince(from)).data?.type).toBe('content_hidden');
  });

  it('a member with no tokens → no FCM call', async () => {
    const lonely = await t.quickMember({ name: '토큰없음' });
    const from = await settledCallCount();
    await requestMatch(t, guest.headers, await createSchedule(t, lonely.headers));
    await t.app.pushIdle();
    expect(messaging.calls.length).toBe(from);
  });
});

describe('dead tokens and failures', () => {
  it('tokens FCM reports unregistered or invalid are deleted; the others are kept', async () => {
    const m = await t.quickMember({ name: '여러기기' });
    for (const token of ['gone-token', 'malformed-token', 'legacy-invalid-token', 'payload-blamed-token', 'flaky-token', 'fine-token']) await register(m, token);
    messaging.outcomes.set('gone-token', { ok: false, code: 'messaging/registration-token-not-registered', message: 'Requested entity was not found.' });
    messaging.outcomes.set('malformed-token', { ok: false, code: 'messaging/invalid-argument', message: 'The registration token is not a valid FCM registration token' });
    messaging.outcomes.set('legacy-invalid-token', { ok: false, code: 'messaging/invalid-registration-token', message: 'Invalid registration token provided.' });
    messaging.outcomes.set('payload-blamed-token', { ok: false, code: 'messaging/invalid-argument', message: 'Invalid value at message.data' });
    messaging.outcomes.set('flaky-token', { ok: false, code: 'messaging/internal-error', message: 'Internal error encountered.' });
    const res = await t.app.inject({ method: 'POST', url: '/api/matches', headers: guest.headers, payload: { scheduleId: await createSchedule(t, m.headers) } });
    expect(res.statusCode).toBe(201);
    await t.app.pushIdle();
    expect(await tokensOf(m)).toEqual(['payload-blamed-token', 'flaky-token', 'fine-token']);
    const log = t.logs.join('\n');
    expect(log).toContain('push: removed device tokens FCM reports unregistered');
    expect(log).toContain('messaging/internal-error');
    for (const token of ['gone-token', 'malformed-token', 'flaky-token', 'fine-token', 'payload-blamed-token']) expect(log).not.toContain(token);
  });

  it('a throwing messaging never fails the API request, and the log names no token', async () => {
    messaging.failWith = Object.assign(new Error('connect ECONNREFUSED for host-phone-token'), { code: 'app/network-error' });
    const from = await settledCallCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/matches', headers: guest.headers, payload: { scheduleId: await createSchedule(t, host.headers) } });
    expect(res.statusCode).toBe(201);
    await t.app.pushIdle();
    expect(messaging.calls.length).toBe(from + 1);
    expect(await tokensOf(host)).toEqual(['host-phone-token', 'host-laptop-token']);
    const log = t.logs.join('\n');
    expect(log).toContain('push: FCM send failed');
    expect(log).toContain('app/network-error');
    expect(log).not.toContain('host-phone-token');
  });

  it(`more than ${FCM_MULTICAST_MAX} tokens go out in chunks of at most ${FCM_MULTICAST_MAX}`, async () => {
    const many = await t.quickMember({ name: '기기부자' });
    const all = Array.from({ length: 1201 }, (_, i) => `bulk-token-${i}`);
    await t.app.db.insert(pushTokens).values(all.map((token) => ({ userId: many.id, token })));
    const from = await settledCallCount();
    await requestMatch(t, guest.headers, await createSchedule(t, many.headers));
    await t.app.pushIdle();
    const calls = messaging.calls.slice(from);
    expect(calls.map((c) => c.tokens.length)).toEqual([500, 500, 201]);
    expect(calls.flatMap((c) => c.tokens)).toEqual(all);
  });

  it('a device token another member registers moves to them: the first member no longer gets its pushes', async () => {
    const first = await t.quickMember({ name: '먼저' });
    const second = await t.quickMember({ name: '나중' });
    await register(first, 'shared-phone-token');
    await register(second, 'shared-phone-token');
    expect(await tokensOf(first)).toEqual([]);
    expect(await tokensOf(second)).toEqual(['shared-phone-token']);
    const from = await settledCallCount();
    await requestMatch(t, guest.headers, await createSchedule(t, first.headers));
    await t.app.pushIdle();
    expect(messaging.calls.length).toBe(from);
  });

  it('the request that causes a push answers without waiting for FCM; the delivery finishes afterwards', async () => {
    let release: () => void = () => {};
    messaging.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const from = await settledCallCount();
      const res = await t.app.inject({ method: 'POST', url: '/api/matches', headers: guest.headers, payload: { scheduleId: await createSchedule(t, host.headers) } });
      // Answered while FCM has not answered yet.
      expect(res.statusCode).toBe(201);
      let idle = false;
      const waiting = t.app.pushIdle().then(() => {
        idle = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(idle).toBe(false);
      release();
      await waiting;
      expect(messaging.calls.slice(from).map((c) => c.data?.type)).toEqual(['new_match_request']);
    } finally {
      messaging.hold = undefined;
      release();
    }
  });
});

describe('FIREBASE_CREDENTIALS', () => {
  let dir: string;
  let privateKey: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bs-firebase-'));
    privateKey = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const account = () => ({ type: 'service_account', project_id: 'babsang-test', client_email: 'push@babsang-test.iam.gserviceaccount.com', private_key: privateKey });

  it.each([
    ['missing fields', JSON.stringify({ project_id: 'p' }), /FIREBASE_CREDENTIALS: the service-account key lacks client_email, private_key/],
    ['not JSON', '{ "project_id": "secret-looking-value"', /FIREBASE_CREDENTIALS: not valid JSON/],
    ['a JSON array', '[1]', /FIREBASE_CREDENTIALS: not a JSON object/],
    ['an unreadable private key', JSON.stringify({ project_id: 'p', client_email: 'c@example.com', private_key: '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----' }), /FIREBASE_CREDENTIALS: private_key is not a PEM private key/],
    ['a missing file', '/nonexistent/service-account.json', /FIREBASE_CREDENTIALS: cannot read the service-account file \/nonexistent\/service-account.json \(ENOENT\)/],
  ])('rejects %s with a readable message that quotes no content', (_name, value, message) => {
    let error: unknown;
    try {
      loadConfig({ FIREBASE_CREDENTIALS: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('secret-looking-value');
    expect((error as Error).message).not.toContain('nope');
  });

  it('reads a service-account file or the JSON itself', async () => {
    const file = path.join(dir, 'service-account.json');
    await writeFile(file, JSON.stringify(account()));
    const expected = { projectId: 'babsang-test', clientEmail: 'push@babsang-test.iam.gserviceaccount.com', privateKey };
    expect(loadConfig({ FIREBASE_CREDENTIALS: file }).firebase).toEqual(expected);
    expect(loadConfig({ FIREBASE_CREDENTIALS: JSON.stringify(account()) }).firebase).toEqual(expected);
    expect(loadConfig({}).firebase).toBeUndefined();
  });

  it('a valid-looking service account builds firebase-admin Messaging (no network)', async () => {
    const firebase = await createFirebaseMessaging(loadConfig({ FIREBASE_CREDENTIALS: JSON.stringify(account()) }).firebase!);
    expect(typeof firebase.messaging.sendEachForMulticast).toBe('function');
    await firebase.close();
  });

  it('start-up says whether push is on, and never logs the key', async () => {
    const on = await createTestApp({ env: { FIREBASE_CREDENTIALS: JSON.stringify(account()), LOG_LEVEL: 'info' }, captureLogs: true });
    const off = await createTestApp({ env: { LOG_LEVEL: 'info' }, captureLogs: true });
    try {
      expect(on.logs.join('\n')).toContain('push: FCM on');
      expect(on.logs.join('\n')).not.toContain('PRIVATE KEY');
      expect(off.logs.filter((l) => l.includes('push: off'))).toHaveLength(1);
      expect(off.logs.join('\n')).not.toContain('push: FCM on');
    } finally {
      await on.close();
      await off.close();
    }
  });
});
