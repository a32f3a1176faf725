import { lazy, Suspense, useState } from "react";
import { useFeedback } from "./feedback-store";

const ConfirmDialogHost = lazy(() =>
  import("./confirm-dialog-host").then((m) => ({
    default: m.ConfirmDialogHost,
  })),
);

/**
 * Mounts the confirm dialog (Radix AlertDialog, `confirm-dialog-host.tsx`) the first time
 * `confirmDialog()` asks, and keeps it mounted so it can close and return focus: the dialog code
 * is not part of the first render (issue #14: home JS budget).
 */
export function ConfirmHost() {
  const asked = useFeedback((s) => s.confirm !== null);
  const [mounted, setMounted] = useState(false);
  if (asked && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <ConfirmDialogHost />
    </Suspense>
  ) : null;
}
