/**
 * In-app alerts and confirms (DESIGN.md: never window.alert / window.confirm).
 * `toast.success/info/error(text)` adds a toast; `confirmDialog(message)` resolves true/false.
 */
import { create } from 'zustand';

export type ToastKind = 'success' | 'info' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

interface PendingConfirm {
  message: string;
  resolve: (ok: boolean) => void;
}

interface FeedbackState {
  toasts: Toast[];
  confirm: PendingConfirm | null;
  push: (kind: ToastKind, text: string) => number;
  dismiss: (id: number) => void;
  openConfirm: (message: string) => Promise<boolean>;
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
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), TOAST_DURATION_MS),
    );
    return id;
  },
  dismiss: (id) => {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
  openConfirm: (message) =>
    new Promise<boolean>((resolve) => {
      get().confirm?.resolve(false);
      set({ confirm: { message, resolve } });
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

/** Opens the in-app confirm dialog; resolves true on "확인", false on "취소" or dismissal. */
export function confirmDialog(message: string): Promise<boolean> {
  return useFeedback.getState().openConfirm(message);
}

export function resetFeedback(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  useFeedback.getState().confirm?.resolve(false);
  useFeedback.setState({ toasts: [], confirm: null });
}
