/**
 * Issue #16 item 4, "RECEIPT only after commit": a chat SEND with a receipt is acknowledged; the
 * server process is then killed with SIGKILL (no shutdown of any kind) and started again on the
 * same data; the message is in the history. Runs on the embedded PGlite data directory (`node`)
 * and on PostgreSQL (`node-postgres`). The server runs as a child process (server/test/child-server.ts).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chatSendDestination, type ChatMessage } from '../../common/realtime.ts';
import { childServers } from '../test/child-process.ts';
import { stompClient, type TestStomp } from './test-clients.ts';

const { target, start } = childServers();

describe('a receipted chat message survives kill -9 (issue #16)', () => {
  it('SEND with receipt → RECEIPT → SIGKILL → restart → the message is in the history', { timeout: 240_000 }, async () => {
    const env = await target();
    const first = start(env, 'accepted');
    const { port, guestToken, hostToken, matchId } = await first.next<{ port: number; hostToken: string; guestToken: string; matchId: number }>();
    const guest: TestStomp = stompClient(`ws://127.0.0.1:${port}/ws`, guestToken);
    await guest.connected;
    const content = `죽기 직전의 메시지 ${randomBytes(3).toString('hex')}`;
    await guest.sendWithReceipt(chatSendDestination(matchId), { content });
    await first.kill();
    await guest.stop();

    const second = start(env);
    const res = await fetch(`http://127.0.0.1:${(await second.next<{ port: number }>()).port}/api/chat/${matchId}/history`, { headers: { authorization: `Bearer ${hostToken}` } });
    expect(res.status).toBe(200);
    const history = (await res.json()) as ChatMessage[];
    expect(history.map((m) => m.content)).toEqual([content]);
    await second.kill();
  });
});
