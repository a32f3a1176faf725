/**
 * The safety guide (issue #17 item 9): shown once, before a member's first match request or first
 * accept — public place, tell someone, leave when uncomfortable, report. `useSafetyGuide()` gives
 * `ensureSeen()`, which resolves true at once for a member who has read it, else opens the guide and
 * resolves true after 확인했어요 (recorded with `POST /api/user/safety-guide`, and in the session's
 * member) or false when it is closed. Render `element` where the page renders its dialogs.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ko } from '@/i18n/ko';
import { markSafetyGuideSeen as markSafetyGuideSeenOp } from '@common/api/account';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/session/store';
import { onFirstInteraction } from '@/components/ui/first-interaction';

// Issue #33 item 1: the dialog's code loads when the guide first opens (and after the member's
// first press or key, so it opens offline), not with the page that may ask for it.
const loadDialog = () => import('@/components/ui/dialog');
const Dialog = lazy(() => loadDialog().then((m) => ({ default: m.Dialog })));

/** `POST /api/user/safety-guide`. */
async function markSafetyGuideSeen(): Promise<void> {
  await call(markSafetyGuideSeenOp);
}

/** The guide's ask-once gate and its dialog. */
export function useSafetyGuide(): { ensureSeen: () => Promise<boolean>; element: ReactNode } {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  // Once opened, the dialog stays mounted so it can animate out and return focus.
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  useEffect(() => onFirstInteraction(() => void loadDialog().catch(() => undefined)), []);

  const ensureSeen = useCallback(() => {
    const user = useSession.getState().user;
    if (!user || user.safetyGuideSeen !== false) return Promise.resolve(true);
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const finish = (ok: boolean) => {
    setOpen(false);
    resolver.current?.(ok);
    resolver.current = null;
  };

  const acknowledge = async () => {
    if (saving) return;
    setSaving(true);
    try {
      await markSafetyGuideSeen();
    } catch {
      // Not recorded (offline): the guide was read all the same; it may show once more later.
    } finally {
      setSaving(false);
    }
    const { user, setUser } = useSession.getState();
    if (user) setUser({ ...user, safetyGuideSeen: true });
    finish(true);
  };

  const element = mounted && (
    <Suspense fallback={null}>
      <Dialog open={open} onOpenChange={(next) => !next && finish(false)} title={ko.safety.guideTitle}>
        <ul className="safety-guide">
          {ko.safety.guideItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <div className="form-actions">
          <button type="button" className="btn btn--primary" onClick={() => void acknowledge()} disabled={saving} aria-busy={saving}>
            {ko.safety.guideOk}
          </button>
        </div>
      </Dialog>
    </Suspense>
  );
  return { ensureSeen, element };
}
