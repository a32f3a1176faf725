import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_KEYS, INSTALL_SNOOZE_MS, installOffer, isIosSafari, useInstallPrompt, type BeforeInstallPromptEvent } from './install-prompt';

const NOW = Date.UTC(2026, 10, 24, 9);
const event = (outcome: 'accepted' | 'dismissed' = 'accepted') =>
  ({ prompt: vi.fn(() => Promise.resolve()), userChoice: Promise.resolve({ outcome }) }) as unknown as BeforeInstallPromptEvent & { prompt: ReturnType<typeof vi.fn> };

beforeEach(() => {
  localStorage.clear();
  useInstallPrompt.setState({ deferred: null, visits: 0, mealConfirmed: false, dismissedAt: null, installed: false });
});

describe('install prompt store (issue #18 item 7)', () => {
  it('offers nothing on the first visit, the install button from the second visit or after a confirmed meal', () => {
    const deferred = event();
    expect(installOffer({ ...useInstallPrompt.getState(), deferred, visits: 1 }, false, NOW)).toBeNull();
    expect(installOffer({ ...useInstallPrompt.getState(), deferred, visits: 2 }, false, NOW)).toBe('prompt');
    useInstallPrompt.getState().noteMealConfirmed();
    expect(localStorage.getItem(INSTALL_KEYS.mealConfirmed)).toBe('1');
    expect(installOffer({ ...useInstallPrompt.getState(), deferred, visits: 1 }, false, NOW)).toBe('prompt');
    // Without the install event: nothing, except the 홈 화면에 추가 steps on iOS Safari.
    expect(installOffer({ ...useInstallPrompt.getState(), visits: 2 }, false, NOW)).toBeNull();
    expect(installOffer({ ...useInstallPrompt.getState(), visits: 2 }, true, NOW)).toBe('ios');
  });

  it('나중에 hides it for 30 days (a localStorage timestamp), then it comes back', () => {
    useInstallPrompt.setState({ deferred: event(), visits: 3 });
    useInstallPrompt.getState().dismiss(NOW);
    expect(localStorage.getItem(INSTALL_KEYS.dismissedAt)).toBe(String(NOW));
    const state = useInstallPrompt.getState();
    expect(installOffer(state, false, NOW + 1000)).toBeNull();
    expect(installOffer(state, false, NOW + INSTALL_SNOOZE_MS - 1)).toBeNull();
    expect(installOffer(state, false, NOW + INSTALL_SNOOZE_MS)).toBe('prompt');
  });

  it('설치하기 calls prompt() once; accepted → never offered again', async () => {
    const deferred = event('accepted');
    useInstallPrompt.setState({ deferred, visits: 2 });
    expect(await useInstallPrompt.getState().install()).toBe(true);
    expect(deferred.prompt).toHaveBeenCalledTimes(1);
    expect(installOffer({ ...useInstallPrompt.getState(), deferred: event() }, true, NOW)).toBeNull();
  });

  it('recognises iOS Safari, not Chrome on iOS or Android', () => {
    const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(isIosSafari({ userAgent: safari, maxTouchPoints: 5 })).toBe(true);
    expect(isIosSafari({ userAgent: safari.replace('Version/17.5', 'CriOS/126.0'), maxTouchPoints: 5 })).toBe(false);
    expect(isIosSafari({ userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36', maxTouchPoints: 5 })).toBe(false);
  });
});
