/**
 * In-app alerts and confirms (DESIGN.md: never window.alert / window.confirm).
 * `toast.success/info/error(text)` shows a toast through sonner (a maintained, accessible toast
 * component in a labelled live region, issue #14) and remembers it for its lifetime (the push
 * hook skips a push already shown); `confirmDialog(message)` resolves true/false.
 */
import type * as Sonner from 'sonner';
import { create } from 'zustand';

/**
 * sonner is loaded with the first toast (issue #33 item 1: 8.7 kB brotli out of every first view);
 * a toast raised before it arrives is shown once it has, in the order raised (sonner replays its
 * active toasts to a Toaster that subscribes late).
 */
type SonnerToast = typeof Sonner.toast;
let sonnerNow: typeof Sonner | null = null;
let sonnerLoad: Promise<typeof Sonner> | null = null;

/**
 * sonner's module, imported once. A failed import (offline before the service worker controls
 * the page) is not kept: the next call tries again.
 */
export function loadSonner(): Promise<typeof Sonner> {
  sonnerLoad ??= import('sonner').then(
    (m) => (sonnerNow = m),
    (error: unknown) => {
      sonnerLoad = null;
      throw error;
    },
  );
  return sonnerLoad;
}

/** Runs `apply` with sonner's toast API now or once it has loaded; `failed` when it cannot load. */
function withSonner(apply: (sonner: SonnerToast) => void, failed: () => void = () => undefined): void {
  if (sonnerNow) return apply(sonnerNow.toast);
  loadSonner().then(
    (m) => apply(m.toast),
    () => failed(),
  );
}

export type ToastKind = 'success' | 'info' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** How a confirm looks (issue #18): a destructive one says what it does (삭제) in red. */
export interface ConfirmOptions {
  /** The confirm button's text (default 확인). */
  confirmLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
}

interface PendingConfirm extends ConfirmOptions {
  message: string;
  resolve: (ok: boolean) => void;
}

interface FeedbackState {
  toasts: Toast[];
  confirm: PendingConfirm | null;
  push: (kind: ToastKind, text: string) => number;
  dismiss: (id: number) => void;
  openConfirm: (message: string, options?: ConfirmOptions) => Promise<boolean>;
  settleConfirm: (ok: boolean) => void;
}

/** How long a toast stays up before it dismisses itself. */
export const TOAST_DURATION_MS = 4000;

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useFeedback = create<FeedbackState>()((set, get) => ({
  toasts: [],
  confirm: null,
  push: (kind, text) => {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts.filter((t) => t.text !== text), { id, kind, text }] }));
    // The same text replaces its earlier toast instead of stacking (sonner id = text).
    const options = { id: text, duration: kind === 'error' ? TOAST_DURATION_MS * 1.5 : TOAST_DURATION_MS };
    withSonner(
      (sonner) => {
        // Dismissed (or replaced) before sonner arrived: nothing to show.
        if (!get().toasts.some((t) => t.id === id)) return;
        if (kind === 'success') sonner.success(text, options);
        else if (kind === 'error') sonner.error(text, options);
        else sonner.info(text, options);
        // Its time counts from when it is shown, not from when it was raised: sonner's first load
        // (issue #33 item 1) on a slow phone must not eat a toast's seconds on screen.
        timers.set(
          id,
          setTimeout(() => get().dismiss(id), TOAST_DURATION_MS),
        );
      },
      // sonner could not load (offline before the service worker controls the page): forget it.
      () => get().dismiss(id),
    );
    return id;
  },
  dismiss: (id) => {
    const shown = get().toasts.find((t) => t.id === id);
    if (shown) withSonner((sonner) => sonner.dismiss(shown.text));
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
  openConfirm: (message, options = {}) =>
    new Promise<boolean>((resolve) => {
      get().confirm?.resolve(false);
      set({ confirm: { ...options, message, resolve } });
    }),
  settleConfirm: (ok) => {
    const pending = get().confirm;
    set({ confirm: null });
    pending?.resolve(ok);
  },
}));

export const toast = {
  success: (text: string) => useFeedback.getState().push('success', text),
  info: (text: string) => useFeedback.getState().push('info', text),
  error: (text: string) => useFeedback.getState().push('error', text),
};

/**
 * Opens the in-app confirm dialog; resolves true on "확인" (or `confirmLabel`), false on "취소" or
 * dismissal. `danger` (issue #18): a destructive action, its button red (e.g. `{ danger: true, confirmLabel: '삭제' }`).
 */
export function confirmDialog(message: string, options?: ConfirmOptions): Promise<boolean> {
  return useFeedback.getState().openConfirm(message, options);
}

export function resetFeedback(): void {
  sonnerNow?.toast.dismiss();
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  useFeedback.getState().confirm?.resolve(false);
  useFeedback.setState({ toasts: [], confirm: null });
}
