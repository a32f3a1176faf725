/**
 * Issue #7 push, end to end in Debian's Chromium: a push delivered to OUR service worker through
 * the DevTools protocol (`ServiceWorker.deliverPushMessage`, the FCM web payload
 * `{ data, from, fcmMessageId }`) becomes one Korean system notification per match (a newer push
 * about the same match replaces it), the page in front shows the in-app text
 * "[새 메시지] {title}: {body}", and a click on the notification brings the window to
 * /match-requests, or to /chat/{matchId} for a new message.
 *
 * Chromium has no protocol command that clicks a notification, so the click is dispatched inside
 * the worker as a `NotificationEvent('notificationclick')` built from the real notification of
 * `registration.getNotifications()`: the worker's own listener runs as it would for a person.
 * Such a click is not a person's, so Chromium refuses it `clients.openWindow` (and focus); the
 * no-window case therefore checks the window the worker asks for (see that test).
 *
 * The worker shows the system notification even while a page of ours is in front: Playwright
 * emulates focus, so every page reports `focused: true, visibilityState: 'visible'` to the worker
 * (checked), and a "skip when focused" rule could not be tested deterministically; the page's
 * toast appears only when `document.visibilityState === 'visible'`.
 */
import { expect, test, type APIRequestContext, type BrowserContext, type CDPSession, type Page, type Worker } from '@playwright/test';
import { pushDataOf } from '../common/push.ts';
import type { NotificationType } from '../common/realtime.ts';
import { createMemberViaApi, signIn } from './support/members.ts';
import { requestedMatch } from './support/matches.ts';
import { APP_URL } from './support/ports.ts';
import { expectPath, expectSignedIn, statusToast } from './support/ui.ts';

/** The slice of the worker's globals the evaluations use (e2e code has no WebWorker lib). */
interface WorkerScope {
  registration: { getNotifications(): Promise<ShownNotification[]> };
  dispatchEvent(event: object): boolean;
  NotificationEvent: new (type: string, init: { notification: unknown }) => object;
}
interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  badge: string;
  lang: string;
  data: { url: string; type: string; matchId: string };
}
interface PageNavigator {
  serviceWorker: { ready: Promise<unknown>; controller: object | null };
}


/** Every running instance of our worker (the one a push reaches may not be the first listed). */
function ourWorkers(context: BrowserContext): Worker[] {
  return context.serviceWorkers().filter((w) => new URL(w.url()).pathname === '/sw.js');
}

/** Waits until our worker is active and controls the page (reloading once if it is not yet). */
async function controlledBy(page: Page, context: BrowserContext): Promise<Worker> {
  await page.evaluate(() => (globalThis as unknown as { navigator: PageNavigator }).navigator.serviceWorker.ready.then(() => undefined));
  const controlled = () => page.evaluate(() => (globalThis as unknown as { navigator: PageNavigator }).navigator.serviceWorker.controller !== null);
  if (!(await controlled())) await page.reload();
  await expect.poll(controlled).toBe(true);
  await expectSignedIn(page);
  return ourWorkers(context)[0] ?? context.waitForEvent('serviceworker', { predicate: (w) => new URL(w.url()).pathname === '/sw.js' });
}

/**
 * A host signed in on `page` with a request from 민지 to their meal at `place`, notifications
 * allowed and our worker controlling the page.
 */
async function hostWithRequest(context: BrowserContext, page: Page, request: APIRequestContext, hostName: string, place: string) {
  const host = await createMemberViaApi(request, { name: hostName });
  const guest = await createMemberViaApi(request, { name: '민지' });
  const matchId = await requestedMatch(request, host, guest, place);
  await context.grantPermissions(['notifications'], { origin: APP_URL });
  await signIn(page, host);
  const worker = await controlledBy(page, context);
  return { matchId, worker };
}

/**
 * The DevTools session pushes are delivered through: that of a page that is not ours and stays
 * open (about:blank); the session of a page that navigates or closes is not one to rely on.
 */
async function pushChannel(context: BrowserContext): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await context.newCDPSession(await context.newPage());
  return { cdp, id: await registrationId(cdp) };
}

/** The registration id of our worker, as the DevTools protocol reports it. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${APP_URL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** Delivers an FCM-shaped data message to the worker. */
async function deliver(cdp: CDPSession, id: string, data: Record<string, string>): Promise<void> {
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: APP_URL,
    registrationId: id,
    data: JSON.stringify({ data, from: '103953800507', fcmMessageId: `e2e-${Date.now()}` }),
  });
}

/** The FCM data the server's sender builds for a live notification (common/push.ts). */
function pushData(type: NotificationType, matchId: number, message: string): Record<string, string> {
  return pushDataOf({ type, matchId, scheduleId: 1, fromUser: { id: 1, name: '민지' }, message, createdAt: new Date().toISOString() });
}

function shown(worker: Worker): Promise<ShownNotification[]> {
  return worker.evaluate(async () => {
    const list = await (globalThis as unknown as WorkerScope).registration.getNotifications();
    return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, badge: n.badge, lang: n.lang, data: n.data }));
  });
}

/** Clicks (dispatches `notificationclick` for) the worker's only notification. */
async function clickNotification(worker: Worker): Promise<void> {
  const dispatched = await worker.evaluate(async () => {
    const scope = globalThis as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    if (!notification) return false;
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    return true;
  });
  expect(dispatched, 'a notification was there to click').toBe(true);
}

/**
 * Headless Chromium reports every page focused, so the worker is told no window is in front: its
 * `clients.matchAll` answers with clients whose `focused` is false. A restarted worker drops the
 * override: `deliverUnattended` applies it to every running instance before each delivery.
 */
async function pretendNoWindowInFront(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    type Clients = { matchAll(o: object): Promise<object[]> };
    const scope = globalThis as unknown as { clients: Clients };
    const original = scope.clients.matchAll.bind(scope.clients);
    const unfocused = (client: object) =>
      new Proxy(client, {
        get: (target, key) => {
          if (key === 'focused') return false;
          const value = Reflect.get(target, key, target) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    scope.clients.matchAll = (o: object) => original(o).then((list) => list.map(unfocused));
  });
}

/**
 * Delivers `data` with no window in front and waits until `seen` passes on a running instance of
 * our worker. A push delivered through the DevTools protocol is now and then lost on a loaded
 * machine (CI, and 1 in 20 runs here with the cores busy: no notification, no message, the worker
 * alive), and the override of `pretendNoWindowInFront` lives in one worker instance while the push
 * may reach another (restarted, or a second one Chromium still runs), which would post it to the
 * focused page instead. So every instance is told, and the push is delivered again until it shows
 * (a repeat replaces the first: one tag per match). What is asserted stays the worker's own work.
 */
async function deliverUnattended(
  context: BrowserContext,
  cdp: CDPSession,
  id: string,
  data: Record<string, string>,
  seen: (worker: Worker) => Promise<void>,
): Promise<Worker> {
  let running: Worker | undefined;
  await expect(async () => {
    const workers = ourWorkers(context);
    for (const worker of workers) await pretendNoWindowInFront(worker);
    await deliver(cdp, id, data);
    running = workers[0];
    expect(running, 'a worker of ours runs').toBeDefined();
    await seen(running as Worker);
  }).toPass({ timeout: 40_000, intervals: [0] });
  return running as Worker;
}

test('a pushed match notification is shown in Korean, replaced per match, and its click opens activity or the chat', async ({ context, page, request }) => {
  const { matchId, worker } = await hostWithRequest(context, page, request, '알림호스트', '알림 국밥집');
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp);

  // The page in front (focused, visible): the worker posts the push to it, the page shows the
  // foreground text of UI-TEXT.md, and no system notification is shown (issue #16 item 6).
  // A push the worker posts while the app starts waits for the app's listener (early-messages.ts);
  // one delivered through the DevTools protocol is now and then lost on a loaded machine, so it is
  // sent again until it shows (see `deliverUnattended`).
  await expect(async () => {
    await deliver(cdp, id, pushData('new_match_request', matchId, '민지님이 매칭을 신청했어요.'));
    await expect(statusToast(page, '[새 메시지] 밥상친구: 민지님이 매칭을 신청했어요.')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.waitForTimeout(300);
  expect(await shown(worker)).toEqual([]);

  // No window in front (headless Chromium reports every page focused, so the worker is told so):
  // one notification, the Korean text, our icon and badge, tagged per match.
  await deliverUnattended(context, cdp, id, pushData('new_match_request', matchId, '민지님이 매칭을 신청했어요.'), async (w) => {
    await expect.poll(async () => (await shown(w)).length, { timeout: 5_000 }).toBe(1);
  });
  await expect.poll(() => shown(worker)).toEqual([
    {
      title: '밥상친구',
      body: '민지님이 매칭을 신청했어요.',
      tag: `match-${matchId}`,
      icon: `${APP_URL}/icons/icon-192.png`,
      badge: `${APP_URL}/icons/badge-72.png`,
      lang: 'ko',
      data: { url: '/match-requests', type: 'new_match_request', matchId: String(matchId), scheduleId: '1' },
    },
  ]);

  // A second push about the same match replaces the first.
  await deliverUnattended(context, cdp, id, pushData('match_confirmed', matchId, '매칭이 확정됐어요.'), async (w) => {
    await expect.poll(async () => (await shown(w)).map((n) => `${n.tag} ${n.body}`), { timeout: 5_000 }).toEqual([`match-${matchId} 매칭이 확정됐어요.`]);
  });

  // A push that names no known type is ignored.
  await deliver(cdp, id, { ...pushData('new_match_request', matchId, '무시'), type: 'promotion' });
  await page.waitForTimeout(300);
  expect((await shown(worker)).map((n) => n.body)).toEqual(['매칭이 확정됐어요.']);

  // The click closes the notification and brings the open window to the activity page.
  await clickNotification(worker);
  await expectPath(page, '/match-requests');
  await expect(page.getByRole('heading', { level: 1, name: '활동 내역' })).toBeVisible();
  // This build has no VITE_FIREBASE_* config: no permission card and no "알림 받기" button, even
  // for a member with a match request (the worker still shows the pushes it gets, as above).
  await expect(page.getByRole('listitem').filter({ hasText: '민지' })).toBeVisible();
  await expect(page.getByRole('button', { name: '알림 받기' })).toHaveCount(0);
  await expect(page.getByText('매칭 소식을 알림으로 받아보세요')).toHaveCount(0);
  await expect.poll(() => shown(worker)).toEqual([]);

  // A new message leads to that match's chat.
  await deliverUnattended(context, cdp, id, pushData('new_message', matchId, '민지님이 새 메시지를 보냈습니다.'), async (w) => {
    await expect.poll(async () => (await shown(w)).map((n) => n.data.url), { timeout: 5_000 }).toEqual([`/chat/${matchId}`]);
  });
  await clickNotification(worker);
  await expectPath(page, `/chat/${matchId}`);
  await expect.poll(() => shown(worker)).toEqual([]);
});

test('a push that arrives while the app starts shows once the app listens', async ({ context, page, request }) => {
  const { matchId } = await hostWithRequest(context, page, request, '이른알림', '이른 국밥집');
  const { cdp, id } = await pushChannel(context);
  await page.bringToFront();

  // The app's push listener mounts with its live services, after the first page has painted (the
  // bell comes with them). A push the worker posts to the page before that is kept and shown then
  // (src/features/push/early-messages.ts); without that, none of these pushes ever showed.
  let attempt = 0;
  await expect(async () => {
    attempt++;
    const text = `${attempt}번째 이른 알림이에요.`;
    await page.goto(`${APP_URL}/board`);
    await page.getByRole('banner').waitFor();
    const early = (await page.getByRole('button', { name: /^알림/ }).count()) === 0;
    await deliver(cdp, id, pushData('new_match_request', matchId, text));
    expect(early, 'the push is delivered before the app listens').toBe(true);
    await expect(statusToast(page, `[새 메시지] 밥상친구: ${text}`)).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 60_000, intervals: [0] });
});

test('with no window of ours open, a notification click asks for a new window at the activity page', async ({ context, page, request }) => {
  const member = await createMemberViaApi(request, { name: '창없음' });
  await context.grantPermissions(['notifications'], { origin: APP_URL });
  await signIn(page, member, { remember: true });
  const worker = await controlledBy(page, context);
  const { cdp, id } = await pushChannel(context);

  // Close our page: no window of ours remains, so the click must open one. Chromium lets
  // `clients.openWindow` open a window only from a click the person made (window interaction is
  // granted to trusted notificationclick events only), so the dispatched click records the URL the
  // worker asks for and still calls the browser's own openWindow.
  await page.close();
  // The departing page can stay listed as a window client for a moment: wait until none is left.
  await expect
    .poll(() =>
      worker.evaluate(() =>
        (globalThis as unknown as { clients: { matchAll(o: object): Promise<unknown[]> } }).clients
          .matchAll({ type: 'window', includeUncontrolled: true })
          .then((list) => list.length),
      ),
    )
    .toBe(0);
  // With no window of ours (none in front), the push is shown as a system notification (issue #16 item 6).
  // A worker with no client may have been stopped: the push starts it again, which a loaded CI machine takes its time over.
  const woken = await deliverUnattended(context, cdp, id, pushData('match_accepted', 77, '알림호스트님이 매칭을 수락했습니다.'), async (w) => {
    await expect.poll(async () => (await shown(w)).map((n) => n.body), { timeout: 10_000 }).toEqual(['알림호스트님이 매칭을 수락했습니다.']);
  });
  await woken.evaluate(() => {
    const scope = globalThis as unknown as { clients: { openWindow(url: string): Promise<unknown> }; __opened: string[] };
    const original = scope.clients.openWindow.bind(scope.clients);
    scope.__opened = [];
    scope.clients.openWindow = (url: string) => {
      scope.__opened.push(url);
      return original(url);
    };
  });
  await clickNotification(woken);
  await expect.poll(() => woken.evaluate(() => (globalThis as unknown as { __opened: string[] }).__opened)).toEqual([`${APP_URL}/match-requests`]);
  await expect.poll(() => shown(woken)).toEqual([]);
});
