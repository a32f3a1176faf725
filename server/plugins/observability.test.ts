/**
 * Observability (issue #20 item 4): one log line per request with its request id (none for the
 * probes and the scrape), `X-Request-Id`, `/readyz`, Prometheus metrics at `/metrics` behind
 * METRICS_TOKEN, and STOMP session logs tagged with the upgrade request's id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSendDestination, USER_ERRORS_DESTINATION } from '../../common/realtime.ts';
import { listen, stompClient, waitFor, type TestStomp } from '../realtime/test-clients.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { act, createSchedule, requestMatch } from '../test/schedule-fixtures.ts';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
const open: TestStomp[] = [];
const lines = () => t.logs.map((l) => JSON.parse(l) as { msg: string; reqId?: string; session?: string; req?: { url?: string }; res?: { statusCode?: number }; responseTime?: number; code?: string });

beforeAll(async () => {
  t = await createTestApp({ captureLogs: true, env: { LOG_LEVEL: 'info', METRICS_TOKEN } });
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await t.close();
});

describe('request logging', () => {
  it('one line per request with method, URL, status, time and request id; none for /healthz, /readyz, /metrics', async () => {
    const before = t.logs.length;
    const r = await t.app.inject({ url: '/api/auth/providers' });
    await t.app.inject({ url: '/healthz' });
    await t.app.inject({ url: '/readyz' });
    await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const logged = lines().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ msg: 'request completed', reqId: r.headers['x-request-id'], req: { url: '/api/auth/providers' }, res: { statusCode: r.statusCode } });
    expect(logged[0]!.responseTime).toEqual(expect.any(Number));
  });

  it("keeps a proxy's X-Request-Id when it looks like one, replaces anything else with a UUID", async () => {
    const kept = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'edge-42.a:b' } });
    expect(kept.headers['x-request-id']).toBe('edge-42.a:b');
    const replaced = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('/readyz and /metrics', () => {
  it('/readyz answers ok while the database and the broker answer', async () => {
    const r = await t.app.inject({ url: '/readyz' });
    expect([r.statusCode, r.json()]).toEqual([200, { status: 'ok' }]);
  });

  it('/metrics needs the token, then shows request durations by route pattern and the live gauges', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-wrong-token' } })).statusCode).toBe(401);
    const member = await t.quickMember();
    await t.app.inject({ url: `/api/users/${member.id}`, headers: member.headers });
    const r = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(r.body).toMatch(/bapsang_http_request_duration_seconds_count\{method="GET",route="\/api\/users\/:id",status_code="200"\} 1/);
    expect(r.body).toMatch(/^bapsang_stomp_sessions 0$/m);
    expect(r.body).toContain('bapsang_broker_publish_duration_seconds_bucket');
    expect(r.body).toContain('bapsang_push_failures_total 0');
    expect(r.body).toContain('bapsang_process_resident_memory_bytes');
  });
});

describe('STOMP sessions log with the upgrade request id', () => {
  it('a refused SEND is logged with the session and the request id of its /ws upgrade; the gauges count the session', async () => {
    const url = await listen(t);
    const host = await t.quickMember();
    const guest = await t.quickMember();
    const matchId = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
    expect((await act(t, host.headers, matchId, 'accept')).statusCode).toBe(200);
    const c = stompClient(url, guest.token);
    open.push(c);
    await c.connected;
    const errors = c.subscribe(USER_ERRORS_DESTINATION);
    await c.sync();
    c.client.publish({ destination: chatSendDestination(matchId), body: JSON.stringify({ content: '   ' }) });
    await waitFor(() => errors.length === 1);
    const upgrade = lines().find((l) => l.msg === 'stomp: websocket opened' && l.req?.url === '/ws');
    const refused = lines().find((l) => l.msg === 'stomp: frame refused, session kept');
    expect(refused).toMatchObject({ code: 'chat_content_length', session: expect.any(String) });
    expect(refused!.reqId).toEqual(expect.any(String));
    expect(upgrade?.reqId).toBe(refused!.reqId);
    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.body).toMatch(/^bapsang_stomp_sessions 1$/m);
    expect(metrics.body).toMatch(/^bapsang_stomp_subscriptions 1$/m);
  });
});
