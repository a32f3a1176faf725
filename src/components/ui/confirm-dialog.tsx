import { useEffect, useState, type ComponentType } from 'react';
import { useFeedback } from './feedback-store';
import { onFirstInteraction } from './first-interaction';

const loadHost = () => import('./confirm-dialog-host');

/**
 * Mounts the confirm dialog (Radix AlertDialog, `confirm-dialog-host.tsx`) the first time
 * `confirmDialog()` asks, and keeps it mounted so it can close and return focus. Its code (with
 * Radix's dialog primitives, 11 kB brotli) is not part of the first view (issue #33 item 1): it
 * loads after the member's first press or key (`onFirstInteraction`), or on the first ask if that
 * comes first, so a confirm asked offline still opens (and once the service worker controls the
 * page, it precaches every JavaScript file: sw/precache.ts, e2e/pwa.spec.ts). When the import
 * fails all the same, the ask resolves false, as a dismissal would, and the next ask tries again.
 */
export function ConfirmHost() {
  const asked = useFeedback((s) => s.confirm !== null);
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => onFirstInteraction(() => void loadHost().catch(() => undefined)), []);
  useEffect(() => {
    if (!asked || Host) return;
    loadHost().then(
      (m) => setHost(() => m.ConfirmDialogHost),
      () => useFeedback.getState().settleConfirm(false),
    );
  }, [asked, Host]);
  return Host ? <Host /> : null;
}
