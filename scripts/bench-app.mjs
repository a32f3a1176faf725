/**
 * The production app for the client benchmarks (`bench:size`, `bench:lighthouse`, issue #33 items
 * 1 and 2): `build/server/main.js` (what `npm start` runs) on a free loopback port with an embedded
 * PGlite in a fresh temporary DATA_DIR, serving the built client from dist/ with the server's own
 * compression (brotli/gzip, server/plugins/security.ts); and the members and content the pages
 * need, made through the public API.
 *
 * No SMTP_URL is set, so the server prints each code mail as `[DEV MAIL — not sent] to=… code=…`
 * (server/plugins/mail.ts); sign-up reads the code from that log line, as soak/run.ts does.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Debian's Chromium (the project never downloads a browser); CHROMIUM_PATH overrides it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `npm run build` (client and server): figures are never those of a stale dist/ or build/. */
export function buildAll() {
  console.log('Building client and server (npm run build)…');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the built server of the checkout at `root` (this one by default; a benchmark's
 * `--baseline <dir>` passes another, already built, checkout to measure before and after in one
 * run). Returns `{ url, stop, codeFor }`: `codeFor(email)` waits (≤ 15 s) for the code mail of that
 * address in the server's log; `stop()` ends the server and removes its data.
 */
export async function startApp({ root = ROOT } = {}) {
  if (!existsSync(join(root, 'build/server/main.js')) || !existsSync(join(root, 'dist/index.html'))) {
    throw new Error(`${root}: build/server/main.js or dist/index.html is missing: run npm run build there (or drop --no-build).`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bapsang-bench-'));
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: join(root, 'dist'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // A handful of members from 127.0.0.1 within a second.
    RATE_LIMIT_REGISTER_PER_IP: '100',
    RATE_LIMIT_SEND_CODE_PER_IP: '100',
  });
  const child = spawn(process.execPath, ['build/server/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const codes = new Map();
  let log = '';
  const onData = (chunk) => {
    const text = String(chunk);
    log = (log + text).slice(-8000);
    for (const m of text.matchAll(/\[DEV MAIL — not sent\] to=(\S+) code=(\d{6})/g)) codes.set(m[1].toLowerCase(), m[2]);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const stop = async () => {
    if (!exited) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(5000)]);
      if (!exited) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`the server exited during start-up:\n${log}`);
    }
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /healthz within 60 s:\n${log}`);
    }
    await sleep(200);
  }
  const codeFor = async (email) => {
    const until = Date.now() + 15_000;
    while (!codes.has(email.toLowerCase())) {
      if (Date.now() > until) throw new Error(`no code mail for ${email} in the server log`);
      await sleep(100);
    }
    const code = codes.get(email.toLowerCase());
    codes.delete(email.toLowerCase());
    return code;
  };
  return { url, stop, codeFor };
}

/** `fetch` of the API that throws on a non-2xx answer; the parsed JSON body (or the text). */
async function api(app, method, path, { token, data } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (data !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${app.url}${path}`, { method, headers, body: data === undefined ? undefined : JSON.stringify(data) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
}

/**
 * A set-up member (code mail → verify → register → profile → safety guide read), as
 * e2e/support/members.ts `createMemberViaApi` does. Returns `{ name, email, token, expiresAt, user }`
 * (`user`: the member as `GET /api/user/me` answers it, the User part of a login answer).
 */
export async function createMember(app, name) {
  const email = `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await api(app, 'POST', '/api/auth/send-verification-email', { data: { email } });
  const code = await app.codeFor(email);
  await api(app, 'POST', '/api/auth/verify-email', { data: { email, code } });
  const { accessToken } = await api(app, 'POST', '/api/auth/register', {
    data: { name, email, password: 'bench-pass-1234', agreeTerms: true, agreePrivacy: true, ageConfirmed: true },
  });
  await api(app, 'PUT', '/api/user/profile', {
    token: accessToken,
    data: { name, age: 30, bio: '같이 밥 먹어요', profileImage: '/avatars/bear.svg', preferences: { 한식: true, 분식: true } },
  });
  await api(app, 'POST', '/api/user/safety-guide', { token: accessToken });
  // The member as a login answers it now (the login answer is `{ accessToken, ...User }`), set up.
  const user = await api(app, 'GET', '/api/user/me', { token: accessToken });
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8'));
  return { name, email, token: accessToken, expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : null, user };
}

/** A KST calendar date `days` after today, YYYY-MM-DD. */
function kstDate(days) {
  const now = new Date(Date.now() + 9 * 3600_000 + days * 86_400_000);
  return now.toISOString().slice(0, 10);
}

const PLACES = ['을지로 국수집', '성수 백반', '망원 분식', '연남 덮밥', '합정 칼국수'];
const CATEGORIES = ['한식', '분식', '중식', '일식', '양식'];

/**
 * The content of the measured pages: a host with `posts` board posts and `meals` meals (tomorrow
 * onwards, ten a day at 10–19 h KST), a viewer who asked to join the host's first meal and was
 * accepted (so 채팅 lists one chat). Returns `{ host, viewer }`; the pages are visited as `viewer`.
 */
export async function seed(app, { posts = 50, meals = 50 } = {}) {
  const host = await createMember(app, '벤치호스트');
  const viewer = await createMember(app, '벤치회원');
  for (let i = 0; i < posts; i++) {
    await api(app, 'POST', '/api/board', {
      token: host.token,
      data: { title: `점심 같이 드실 분 ${i + 1}`, content: `<p>${PLACES[i % PLACES.length]}에서 같이 먹어요. 국물이 진하고 양이 많아요.</p>`, tags: ['점심'] },
    });
  }
  const scheduleIds = [];
  for (let i = 0; i < meals; i++) {
    const created = await api(app, 'POST', '/api/schedules', {
      token: host.token,
      data: {
        date: kstDate(1 + Math.floor(i / 10)),
        time: 10 + (i % 10),
        text: `같이 식사해요 ${i + 1}`,
        placeName: PLACES[i % PLACES.length],
        placeCategory: CATEGORIES[i % CATEGORIES.length],
        participants: 4,
      },
    });
    scheduleIds.push(created.id);
  }
  if (scheduleIds.length > 0) {
    await api(app, 'POST', '/api/matches', { token: viewer.token, data: { scheduleId: scheduleIds[0] } });
    const sent = await api(app, 'GET', '/api/matches/sent', { token: viewer.token });
    const match = sent.find((m) => m.schedule.id === scheduleIds[0]);
    if (match) await api(app, 'POST', `/api/matches/${match.id}/accept`, { token: host.token });
  }
  return { host, viewer };
}

/**
 * The script a browser context runs before any page script: `member` (from `createMember`) is
 * signed in the way a login stores a session (src/lib/token-storage.ts, localStorage "로그인 상태
 * 유지"): the token, its expiry and the member, so the app starts on the stored member while `me`
 * checks in the background (issue #33 item 2), and the session cookie the app writes beside a
 * remembered session as it starts (common/prerender.ts SESSION_COOKIE), with which the server sends
 * 게시판 and 채팅 rendered with the member's data.
 */
export function sessionInitScript(member) {
  const stored = JSON.stringify({ token: member.token, expiresAt: member.expiresAt, user: member.user });
  const cookie = `bapsang_session=${member.token}; Path=/; SameSite=Strict${member.expiresAt ? `; Expires=${new Date(member.expiresAt).toUTCString()}` : ''}`;
  return `try { localStorage.setItem('bapsang.session', ${JSON.stringify(stored)}); document.cookie = ${JSON.stringify(cookie)}; } catch {}`;
}
