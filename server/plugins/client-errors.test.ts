/**
 * Issue #32 item 9: what Node's HTTP parser refuses before any route — headers over the limit (431)
 * or a malformed request line (400) — is answered with our Korean JSON error body, over a real socket.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { listen } from '../realtime/test-clients.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  port = Number(new URL(await listen(t)).port);
});
afterAll(async () => {
  await t.close();
});

/** Sends `raw` on a new connection and answers everything the server wrote back before closing. */
function exchange(raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** The status line and the JSON body of a raw answer. */
function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  return { status: head!.split('\r\n')[0], type: /content-type: ([^\r]+)/i.exec(head!)?.[1], body: JSON.parse(body!) as { message: string; code: string } };
}

describe('errors before any route (issue #32 item 9)', () => {
  it('431 with a Korean JSON body when the headers are too large', async () => {
    const answer = parse(await exchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.type).toBe('application/json; charset=utf-8');
    expect(answer.body).toEqual({ message: '요청 헤더가 너무 커요. 쿠키를 지우거나 다시 시도해주세요.', code: 'HEADERS_TOO_LARGE' });
  });

  it('400 with a Korean JSON body for a request the parser cannot read', async () => {
    const answer = parse(await exchange('THIS IS NOT HTTP\r\n\r\n'));
    expect(answer.status).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.body).toEqual({ message: '요청을 읽을 수 없어요. 다시 시도해주세요.', code: 'BAD_REQUEST' });
  });
});
