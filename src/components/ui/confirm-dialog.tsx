import { useEffect, useState, type ComponentType } from 'react';
import { useFeedback } from './feedback-store';

/**
 * Mounts the confirm dialog (Radix AlertDialog, `confirm-dialog-host.tsx`) the first time
 * `confirmDialog()` asks, and keeps it mounted so it can close and return focus. Its code (with
 * Radix's dialog primitives, 11 kB brotli) loads on that first ask, not with the first view
 * (issue #33 item 1); offline it still opens, as the service worker precaches every JavaScript
 * file of the build (sw/precache.ts, e2e/pwa.spec.ts). When the import fails all the same
 * (offline before the worker controls the page), the ask resolves false, as a dismissal would,
 * and the next ask tries again.
 */
export function ConfirmHost() {
  const asked = useFeedback((s) => s.confirm !== null);
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!asked || Host) return;
    import('./confirm-dialog-host').then(
      (m) => setHost(() => m.ConfirmDialogHost),
      () => useFeedback.getState().settleConfirm(false),
    );
  }, [asked, Host]);
  return Host ? <Host /> : null;
}
