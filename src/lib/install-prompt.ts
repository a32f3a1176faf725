/**
 * The in-app install prompt (issue #18 item 7), in a small Zustand store:
 * - `beforeinstallprompt` is caught (and its mini-infobar suppressed) by `startInstallPrompt()`,
 *   called once at start-up; the event is kept to `prompt()` later from our own button.
 * - The prompt is offered after the second visit (a visit = a browser session: counted once per
 *   tab session in localStorage) or after the member's first confirmed meal (`noteMealConfirmed`).
 * - iOS Safari has no `beforeinstallprompt`: there the prompt says 공유 → 홈 화면에 추가.
 * - 나중에 hides it for 30 days (a localStorage timestamp); an installed app (standalone display,
 *   `appinstalled`) never shows it.
 */
import { create } from 'zustand';

/** The non-standard event Chromium fires when the app is installable. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const INSTALL_KEYS = {
  visits: 'bs.install.visits',
  dismissedAt: 'bs.install.dismissedAt',
  mealConfirmed: 'bs.install.mealConfirmed',
  /** sessionStorage: this tab session was counted. */
  counted: 'bs.install.counted',
} as const;

/** How long 나중에 hides the prompt. */
export const INSTALL_SNOOZE_MS = 30 * 24 * 60 * 60 * 1000;
/** The visit from which the prompt may show. */
export const INSTALL_MIN_VISITS = 2;

interface InstallState {
  deferred: BeforeInstallPromptEvent | null;
  visits: number;
  mealConfirmed: boolean;
  dismissedAt: number | null;
  installed: boolean;
  noteMealConfirmed: () => void;
  dismiss: (now?: number) => void;
  /** Shows the browser's install dialog; answers whether the member accepted. */
  install: () => Promise<boolean>;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the prompt simply shows again next time.
  }
}

function storedNumber(key: string): number | null {
  const n = Number(read(key));
  return read(key) !== null && Number.isFinite(n) ? n : null;
}

export const useInstallPrompt = create<InstallState>((set, get) => ({
  deferred: null,
  visits: storedNumber(INSTALL_KEYS.visits) ?? 0,
  mealConfirmed: read(INSTALL_KEYS.mealConfirmed) === '1',
  dismissedAt: storedNumber(INSTALL_KEYS.dismissedAt),
  installed: false,
  noteMealConfirmed: () => {
    if (get().mealConfirmed) return;
    write(INSTALL_KEYS.mealConfirmed, '1');
    set({ mealConfirmed: true });
  },
  dismiss: (now = Date.now()) => {
    write(INSTALL_KEYS.dismissedAt, String(now));
    set({ dismissedAt: now });
  },
  install: async () => {
    const event = get().deferred;
    if (!event) return false;
    set({ deferred: null }); // A deferred prompt can be used once.
    await event.prompt();
    const choice = await event.userChoice?.catch(() => undefined);
    const accepted = choice?.outcome === 'accepted';
    if (accepted) set({ installed: true });
    return accepted;
  },
}));

/** True on iPhone/iPad Safari (no install event; 홈 화면에 추가 is in the share sheet). */
export function isIosSafari(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  const ua = nav.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|KAKAOTALK|NAVER/.test(ua);
}

function isStandalone(): boolean {
  return (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) || (navigator as { standalone?: boolean }).standalone === true;
}

/** What to offer now: the install button, the iOS steps, or nothing. */
export function installOffer(state: Pick<InstallState, 'deferred' | 'visits' | 'mealConfirmed' | 'dismissedAt' | 'installed'>, ios: boolean, now = Date.now()): 'prompt' | 'ios' | null {
  if (state.installed) return null;
  if (state.visits < INSTALL_MIN_VISITS && !state.mealConfirmed) return null;
  if (state.dismissedAt !== null && now - state.dismissedAt < INSTALL_SNOOZE_MS) return null;
  if (state.deferred) return 'prompt';
  return ios ? 'ios' : null;
}

let started = false;

/** Counts this visit and listens for the install events; once, at start-up (src/main.tsx). */
export function startInstallPrompt(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  if (isStandalone()) {
    useInstallPrompt.setState({ installed: true });
    return;
  }
  let counted = false;
  try {
    counted = sessionStorage.getItem(INSTALL_KEYS.counted) === '1';
    if (!counted) sessionStorage.setItem(INSTALL_KEYS.counted, '1');
  } catch {
    // No sessionStorage: count every load.
  }
  if (!counted) {
    const visits = (storedNumber(INSTALL_KEYS.visits) ?? 0) + 1;
    write(INSTALL_KEYS.visits, String(visits));
    useInstallPrompt.setState({ visits });
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // Our own prompt, at a better moment than the mini-infobar.
    useInstallPrompt.setState({ deferred: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstallPrompt.setState({ installed: true, deferred: null }));
}
