/**
 * Push in the client (issue #7): the permission moment on the activity page, the FCM token posted
 * after a grant, refusal ignored (SPEC §8), the token removed on sign-out, the foreground toast,
 * and no push UI without Firebase config. Only the Firebase SDK is replaced (an outside service);
 * the browser's Notification / service-worker objects, which jsdom lacks, are small stand-ins,
 * and the API answers come through a stubbed fetch.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeMatchRequest, makeUser, mockFetch } from '@/test/fixtures';

const firebase = vi.hoisted(() => ({
  initializeApp: vi.fn((options: object) => ({ name: '[DEFAULT]', options })),
  getApps: vi.fn(() => [] as object[]),
  getMessaging: vi.fn(() => ({ messaging: true })),
  isSupported: vi.fn(async () => true),
  getToken: vi.fn(async () => 'fcm-token-1'),
  deleteToken: vi.fn(async () => true),
}));
vi.mock('firebase/app', () => ({ initializeApp: firebase.initializeApp, getApps: firebase.getApps }));
vi.mock('firebase/messaging', () => ({
  getMessaging: firebase.getMessaging,
  isSupported: firebase.isSupported,
  getToken: firebase.getToken,
  deleteToken: firebase.deleteToken,
}));

const CONFIG = {
  VITE_FIREBASE_API_KEY: 'api-key',
  VITE_FIREBASE_PROJECT_ID: 'bapsang',
  VITE_FIREBASE_APP_ID: '1:2:web:3',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '2',
  VITE_FIREBASE_VAPID_KEY: 'vapid-public-key',
};

/** The browser's notification permission and answer to the next request. */
const browser = { permission: 'default' as NotificationPermission, answer: 'granted' as NotificationPermission };
const requestPermission = vi.fn(async () => {
  browser.permission = browser.answer;
  return browser.answer;
});
const registration = { scope: 'http://localhost/', active: {} };
let container: EventTarget & { ready: Promise<typeof registration> };

beforeEach(() => {
  vi.resetModules();
  vi.clearAllMocks();
  browser.permission = 'default';
  browser.answer = 'granted';
  vi.stubGlobal(
    'Notification',
    class {
      static get permission() {
        return browser.permission;
      }
      static requestPermission = requestPermission;
    },
  );
  vi.stubGlobal('PushManager', class {});
  container = Object.assign(new EventTarget(), { ready: Promise.resolve(registration) });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
});

afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** Loads the client modules afresh with (or without) the Firebase config in the environment. */
async function load(configured: boolean) {
  if (configured) for (const [key, value] of Object.entries(CONFIG)) vi.stubEnv(key, value);
  const [{ PushPrompt, PUSH_PROMPT_DISMISSED_KEY }, { usePush }, fcm, session, { Toasts }] = await Promise.all([
    import('./components/push-prompt'),
    import('./hooks/use-push'),
    import('@/lib/fcm'),
    import('@/lib/session/store'),
    import('@/components/ui/toasts'),
  ]);
  return { PushPrompt, PUSH_PROMPT_DISMISSED_KEY, usePush, fcm, session, Toasts };
}

type Loaded = Awaited<ReturnType<typeof load>>;

/** The activity page's push area plus the root hook and the toasts, as the app mounts them. */
function renderApp(loaded: Loaded, userId = 1) {
  const { PushPrompt, usePush, Toasts } = loaded;
  function App() {
    usePush(userId);
    return (
      <>
        <Toasts />
        <PushPrompt userId={userId} />
      </>
    );
  }
  return render(<App />);
}

function signIn(loaded: Loaded, token = 'member-bearer') {
  loaded.session.useSession.getState().signIn({ token, remember: false, user: makeUser({ id: 1 }) });
}

/** Routes of the API the push area talks to, with the member's sent and received lists. */
function api(sent: unknown[] = [makeMatchRequest({ id: 9 })], received: unknown[] = []) {
  return mockFetch({
    'GET /api/matches/sent': () => jsonResponse(sent),
    'GET /api/matches': () => jsonResponse(received),
    'POST /api/fcm/token': () => new Response(null, { status: 204 }),
    'DELETE /api/fcm/token': () => new Response(null, { status: 204 }),
  });
}

/** The fetch calls made as `METHOD /path`. */
function calls(fetch: ReturnType<typeof api>, key: string) {
  const [method, path] = key.split(' ');
  return fetch.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && String(input).endsWith(path ?? ''));
}

describe('push permission moment', () => {
  it('shows no prompt and no button without Firebase config, whatever else holds', async () => {
    const loaded = await load(false);
    const fetch = api();
    renderApp(loaded);
    expect(loaded.fcm.isPushConfigured()).toBe(false);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByRole('button', { name: '알림 받기' })).toBeNull();
    expect(screen.queryByText('매칭 소식을 알림으로 받아보세요')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('after a received match request, the card asks; a grant posts the FCM token of our worker registration', async () => {
    const loaded = await load(true);
    const fetch = api([], [makeMatchRequest({ id: 9 })]);
    signIn(loaded);
    renderApp(loaded);
    const card = await screen.findByRole('region', { name: '매칭 소식을 알림으로 받아보세요' });
    // Never on load: the browser was not asked until the click.
    expect(requestPermission).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: '알림 받기' }));
    await screen.findByText('이제 매칭 소식을 알림으로 받아요.');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(firebase.getToken).toHaveBeenCalledWith({ messaging: true }, { vapidKey: 'vapid-public-key', serviceWorkerRegistration: registration });
    const posted = calls(fetch, 'POST /api/fcm/token');
    expect(posted).toHaveLength(1);
    expect(JSON.parse(String(posted[0]?.[1]?.body))).toEqual({ token: 'fcm-token-1' });
    expect(new Headers(posted[0]?.[1]?.headers).get('Authorization')).toBe('Bearer member-bearer');
    expect(card.isConnected).toBe(false);
    expect(screen.queryByRole('button', { name: '알림 받기' })).toBeNull();
  });

  it('ignores a refusal: no token, no error, only a quiet note', async () => {
    const loaded = await load(true);
    const fetch = api();
    browser.answer = 'denied';
    signIn(loaded);
    renderApp(loaded);
    await userEvent.click(await screen.findByRole('button', { name: '알림 받기' }));
    expect(await screen.findByText('알림이 허용되지 않았어요. 브라우저 설정에서 언제든 바꿀 수 있어요.')).toBeTruthy();
    expect(firebase.getToken).not.toHaveBeenCalled();
    expect(calls(fetch, 'POST /api/fcm/token')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: '알림 받기' })).toBeNull();
  });

  it('without any match request only the header button shows; "나중에" on the card is remembered', async () => {
    let loaded = await load(true);
    api([], []);
    signIn(loaded);
    const first = renderApp(loaded);
    expect(await screen.findByRole('button', { name: '알림 받기' })).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByText('매칭 소식을 알림으로 받아보세요')).toBeNull();
    first.unmount();

    vi.resetModules();
    loaded = await load(true);
    api();
    renderApp(loaded);
    await userEvent.click(await screen.findByRole('button', { name: '나중에' }));
    expect(screen.queryByText('매칭 소식을 알림으로 받아보세요')).toBeNull();
    expect(localStorage.getItem(loaded.PUSH_PROMPT_DISMISSED_KEY)).toBe('1');
    // The permanent header button stays while the browser has not been asked.
    expect(screen.getByRole('button', { name: '알림 받기' })).toBeTruthy();
  });

  it('on sign-out deletes the token at FCM and on the server with the bearer the member had', async () => {
    const loaded = await load(true);
    const fetch = api();
    signIn(loaded, 'bearer-before-logout');
    renderApp(loaded);
    await userEvent.click(await screen.findByRole('button', { name: '알림 받기' }));
    await screen.findByText('이제 매칭 소식을 알림으로 받아요.');

    act(() => loaded.session.useSession.getState().signOut('logout'));
    await waitFor(() => expect(calls(fetch, 'DELETE /api/fcm/token')).toHaveLength(1));
    const [, init] = calls(fetch, 'DELETE /api/fcm/token')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'fcm-token-1' });
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer bearer-before-logout');
    await waitFor(() => expect(firebase.deleteToken).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem(loaded.fcm.PUSH_TOKEN_KEY)).toBeNull();
  });

  it('shows "[새 메시지] {title}: {body}" for a push that arrives while the page is in front', async () => {
    const loaded = await load(false);
    renderApp(loaded);
    act(() => {
      container.dispatchEvent(new MessageEvent('message', { data: { type: 'PUSH_RECEIVED', title: '밥상친구', body: '민지님이 매칭을 신청했어요.' } }));
    });
    expect(await screen.findByText('[새 메시지] 밥상친구: 민지님이 매칭을 신청했어요.')).toBeTruthy();
    // Other worker messages are not pushes.
    act(() => {
      container.dispatchEvent(new MessageEvent('message', { data: { type: 'SKIP_WAITING' } }));
    });
    // Exactly one push toast (the permission's own "알림으로 받습니다" toast may be there too).
    const shown = [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.textContent ?? '');
    expect(shown.filter((t) => t.startsWith('[새 메시지]')), shown.join(' / ')).toHaveLength(1);
  });
});

describe('a push while the app starts', () => {
  const push = (body: string) => new MessageEvent('message', { data: { type: 'PUSH_RECEIVED', title: '밥상친구', body } });
  const pushToasts = () => [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.textContent ?? '').filter((t) => t.startsWith('[새 메시지]'));

  it('shows, once the push hook mounts, a push the worker posted before it listened', async () => {
    const early = await import('./early-messages');
    early.keepEarlyMessages();
    container.dispatchEvent(push('민지님이 매칭을 수락했어요.'));
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'SKIP_WAITING' } }));
    const loaded = await load(false);
    renderApp(loaded);
    expect(await screen.findByText('[새 메시지] 밥상친구: 민지님이 매칭을 수락했어요.')).toBeTruthy();
    // Later pushes reach the hook's own listener, once each.
    act(() => {
      container.dispatchEvent(push('매칭이 확정됐어요.'));
    });
    expect(await screen.findByText('[새 메시지] 밥상친구: 매칭이 확정됐어요.')).toBeTruthy();
    expect(pushToasts().filter((t) => /수락했어요|확정됐어요/.test(t))).toHaveLength(2);
  });

  it('keeps pushes younger than 30 s, and nothing once taken', async () => {
    const early = await import('./early-messages');
    let now = 1_000_000;
    early.keepEarlyMessages(() => now);
    container.dispatchEvent(push('오래된 알림'));
    now += early.EARLY_MESSAGES_MAX_AGE_MS;
    for (const body of ['하나', '둘', '셋']) container.dispatchEvent(push(body));
    now += 1;
    expect(early.takeEarlyMessages(() => now).map((d) => (d as { body: string }).body)).toEqual(['하나', '둘', '셋']);
    // Taken once: afterwards nothing is kept.
    container.dispatchEvent(push('넷'));
    expect(early.takeEarlyMessages(() => now)).toEqual([]);
  });

  it('keeps the newest when more arrive, dropping the oldest', async () => {
    const early = await import('./early-messages');
    early.keepEarlyMessages();
    for (const body of ['하나', '둘', '셋', '넷']) container.dispatchEvent(push(body));
    expect(early.takeEarlyMessages().map((d) => (d as { body: string }).body)).toEqual(['둘', '셋', '넷']);
  });
});

describe('foregroundToastText', () => {
  it('is the UI-TEXT.md text for a visible page and nothing for a hidden one', async () => {
    const { foregroundToastText } = await import('./foreground');
    const message = { type: 'PUSH_RECEIVED', title: '밥상친구', body: '매칭이 확정됐어요.' };
    expect(foregroundToastText(message, 'visible')).toBe('[새 메시지] 밥상친구: 매칭이 확정됐어요.');
    expect(foregroundToastText(message, 'hidden')).toBeNull();
    expect(foregroundToastText({ type: 'PUSH_RECEIVED', title: 1 }, 'visible')).toBeNull();
    // The live channel already toasted this notification: no second toast.
    expect(foregroundToastText(message, 'visible', ['매칭이 확정됐어요.'])).toBeNull();
    expect(foregroundToastText(message, 'visible', ['다른 알림'])).toBe('[새 메시지] 밥상친구: 매칭이 확정됐어요.');
  });
});
