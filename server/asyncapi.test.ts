/**
 * Issue #20 item 5: the AsyncAPI 3 document of the live channel (docs/asyncapi.yaml) is served at
 * `GET /api/docs/asyncapi.yaml`, is valid (@asyncapi/parser and Redocly lint, 0 errors) and cannot
 * drift from the server:
 * - every destination the running app registered (`app.liveDestinations`) and the built-in
 *   `/user/queue/errors` is a channel, and no channel names a destination the server lacks;
 * - every ERROR text and code the server can send is in the `stompError` message; every
 *   `/user/queue/errors` code in `StompUserError` (codes read from the sources that produce them);
 * - the payloads match the shared contract (ChatMessage's fields, the notification types);
 * - a refused CONNECT and a malformed heart-beat, tried for real, answer an ERROR the document lists.
 */
import { readFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser } from '@asyncapi/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { NOTIFICATION_TYPES, USER_ERRORS_DESTINATION } from '../common/realtime.ts';
import { ChatMessageSchema } from '../common/api/chat.ts';
import { ERRORS, errorText, isErrorCode } from '../common/errors.ts';
import { STOMP_ERROR_CODES, STOMP_ERRORS } from './realtime/frames.ts';
import { createTestApp, type TestApp } from './test/helper.ts';
import { describeProblem, redoclyLint } from './test/redocly.ts';
import { listen } from './realtime/test-clients.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const FILE = path.join(root, 'docs/asyncapi.yaml');

interface Schema {
  enum?: string[];
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Doc {
  channels: Record<string, { address?: string }>;
  components: { messages: { stompError: { headers: Schema } }; schemas: Record<string, Schema> };
}

let t: TestApp;
let text: string;
let doc: Doc;

beforeAll(async () => {
  t = await createTestApp();
  text = await readFile(FILE, 'utf8');
  const { document, diagnostics } = await new Parser().parse(text);
  // Severity 0 = error (Spectral); 1 warning, 2 info, 3 hint are printed only.
  for (const d of diagnostics.filter((x) => x.severity !== 0)) console.info(`asyncapi parser: ${d.code} ${d.path.join('.')}: ${d.message}`);
  expect(diagnostics.filter((d) => d.severity === 0).map((d) => `${d.code} ${d.path.join('.')}: ${d.message}`)).toEqual([]);
  doc = document!.json() as unknown as Doc;
});
afterAll(async () => {
  await t.close();
});

/** Sends one CONNECT frame with `headers` on a raw WebSocket; answers the server's first frame (command and headers). */
async function rawConnect(url: string, headers: Record<string, string>): Promise<{ command: string; headers: Record<string, string> }> {
  const ws = new WebSocket(url, ['v12.stomp']);
  try {
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const first = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
    ws.send(`CONNECT\n${Object.entries(headers).map(([k, v]) => `${k}:${v}`).join('\n')}\n\n\0`);
    const [head = ''] = (await first).split('\n\n');
    const [command = '', ...lines] = head.split('\n');
    return { command, headers: Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1)])) };
  } finally {
    ws.terminate();
  }
}

/** The lower-cased 400/409/422 AppError codes thrown in `file` (they reach /user/queue/errors from a SEND). */
function sendRefusalCodes(file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  const thrown = [...source.matchAll(/new AppError\((?:400|409|422), '([A-Z_]+)'/g)].map((m) => m[1]!);
  const failed = [...source.matchAll(/\bfail\('([A-Z_]+)'/g)].map((m) => m[1]!).filter((c) => isErrorCode(c) && [400, 409, 422].includes(ERRORS[c].status));
  return [...thrown, ...failed].map((c) => c.toLowerCase());
}

describe('the AsyncAPI document of /ws', () => {
  it('is served at /api/docs/asyncapi.yaml (public, text/yaml), as in docs/asyncapi.yaml', async () => {
    const res = await t.app.inject({ url: '/api/docs/asyncapi.yaml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/yaml/);
    expect(res.body).toBe(text);
    expect(res.body).toMatch(/^asyncapi: 3\./m);
  });

  it('lints with 0 errors (Redocly)', async () => {
    const problems = await redoclyLint(FILE);
    const warnings = problems.filter((p) => p.severity === 'warn');
    console.info(`redocly lint of docs/asyncapi.yaml: ${problems.length - warnings.length} errors, ${warnings.length} warnings`);
    for (const w of warnings) console.info(`  warning ${describeProblem(w)}`);
    expect(problems.filter((p) => p.severity === 'error').map(describeProblem)).toEqual([]);
  }, 120_000);

  it('has a channel for every destination the server registers, and none other', () => {
    const { topics, sends } = t.app.liveDestinations.patterns();
    const registered = [...topics, ...sends, USER_ERRORS_DESTINATION];
    expect(topics.length + sends.length).toBeGreaterThanOrEqual(3);
    const addresses = Object.values(doc.channels).flatMap((c) => (c.address ? [c.address] : []));
    expect([...addresses].sort()).toEqual([...registered].sort());
  });

  it('lists every ERROR text and code the server can send', () => {
    const headers = doc.components.messages.stompError.headers.properties!;
    const texts = new Set(headers.message!.enum);
    const codes = new Set(headers.code!.enum);
    // Sent over HTTP (origin) or on /user/queue/errors (client-id, slow-down), not as ERROR frames.
    const notErrorFrames: Array<keyof typeof STOMP_ERRORS> = ['origin', 'clientId', 'slowed'];
    for (const [key, value] of Object.entries(STOMP_ERRORS)) {
      if (notErrorFrames.includes(key as keyof typeof STOMP_ERRORS)) expect(text, key).toContain(value);
      else expect(texts.has(value), `ERROR message ${key}: ${value}`).toBe(true);
    }
    // A refused CONNECT carries the token check's 401 (server/plugins/auth.ts verifyToken).
    for (const value of [errorText('NO_TOKEN'), errorText('TOKEN_EXPIRED'), errorText('INVALID_TOKEN')]) expect(texts.has(value), value).toBe(true);
    for (const code of [...Object.values(STOMP_ERROR_CODES), 'INVALID_TOKEN']) expect(codes.has(code), code).toBe(true);
    // Every refusal in server/ names one of those texts; frames.ts's own literals are the frame
    // decoder's, which the session answers with STOMP_ERRORS.malformed.
    const serverDir = path.join(root, 'server');
    const sources = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test'));
    for (const file of sources) {
      let source = readFileSync(path.join(serverDir, file), 'utf8');
      if (file === path.join('realtime', 'frames.ts')) {
        const start = source.indexOf('export function decodeSingleFrame');
        source = source.slice(0, start) + source.slice(source.indexOf('\nexport', start + 1));
      }
      for (const m of source.matchAll(/new StompRefusal\(([^,)]+)/g)) expect(m[1]!.trim(), `${file}: new StompRefusal(${m[1]})`).toMatch(/^(STOMP_ERRORS\.\w+|err\.message)$/);
    }
  });

  it('lists every /user/queue/errors code', () => {
    const codes = new Set(doc.components.schemas.StompUserError!.properties!.code!.enum);
    const stompServer = readFileSync(path.join(root, 'server/realtime/stomp-server.ts'), 'utf8');
    const literal = [...stompServer.matchAll(/(?:refused\(|code: )'([a-z_]+)'/g)].map((m) => m[1]!);
    // The chat SEND's refusals (its only SEND destination): the chat service and the content filter.
    const fromChat = [...sendRefusalCodes('server/modules/chat/service.ts'), ...sendRefusalCodes('server/lib/content-filter.ts')];
    expect(literal).toEqual(expect.arrayContaining(['rate_limited', 'validation']));
    expect(fromChat).toEqual(expect.arrayContaining(['chat_closed', 'inappropriate_text']));
    for (const code of [...literal, ...fromChat]) expect(codes.has(code), code).toBe(true);
  });

  it('describes the payloads of the shared contract (common/realtime.ts, common/api/chat.ts)', () => {
    const { ChatMessage, LiveNotification } = doc.components.schemas;
    expect(Object.keys(ChatMessage!.properties!).sort()).toEqual(Object.keys(ChatMessageSchema.properties).sort());
    expect([...ChatMessage!.required!].sort()).toEqual([...(ChatMessageSchema.required ?? [])].sort());
    expect(LiveNotification!.properties!.type!.enum).toEqual([...NOTIFICATION_TYPES]);
  });

  it('a refused CONNECT and a malformed heart-beat answer ERRORs the document lists', async () => {
    const url = await listen(t);
    const headers = doc.components.messages.stompError.headers.properties!;
    const badToken = await rawConnect(url, { 'accept-version': '1.2', Authorization: 'Bearer not-a-token' });
    expect(badToken).toMatchObject({ command: 'ERROR', headers: { code: 'INVALID_TOKEN' } });
    expect(headers.code!.enum).toContain(badToken.headers.code);
    expect(headers.message!.enum).toContain(badToken.headers.message);
    const member = await t.quickMember();
    const badBeat = await rawConnect(url, { 'accept-version': '1.2', Authorization: `Bearer ${member.token}`, 'heart-beat': 'soon' });
    expect(badBeat).toMatchObject({ command: 'ERROR', headers: { message: STOMP_ERRORS.malformed } });
    expect(headers.message!.enum).toContain(badBeat.headers.message);
  });
});
