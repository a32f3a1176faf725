import { lazy, Suspense, useEffect, useState } from 'react';
import { useFeedback } from './feedback-store';

const loadHost = () => import('./confirm-dialog-host');
const ConfirmDialogHost = lazy(() => loadHost().then((m) => ({ default: m.ConfirmDialogHost })));

/**
 * Mounts the confirm dialog (Radix AlertDialog, `confirm-dialog-host.tsx`) the first time
 * `confirmDialog()` asks, and keeps it mounted so it can close and return focus: the dialog code
 * is not part of the first render (issue #14: home JS budget), but it is fetched right after it,
 * so a confirm asked offline (before the service worker controls the page) still opens.
 */
export function ConfirmHost() {
  useEffect(() => void loadHost().catch(() => undefined), []);
  const asked = useFeedback((s) => s.confirm !== null);
  const [mounted, setMounted] = useState(false);
  if (asked && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <ConfirmDialogHost />
    </Suspense>
  ) : null;
}
