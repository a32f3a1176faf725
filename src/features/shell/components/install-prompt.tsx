/**
 * The in-app install prompt (issue #18 item 7): after the second visit or the first confirmed
 * meal, a small card offers 설치하기 (the browser's own install dialog) — or, on iOS Safari, the
 * 공유 → 홈 화면에 추가 steps — and 나중에, which hides it for 30 days (src/lib/install-prompt.ts).
 */
import { useId } from 'react';
import { ko } from '@/i18n/shell';
import { installOffer, isIosSafari, useInstallPrompt } from '@/lib/install-prompt';

export function InstallPrompt() {
  const state = useInstallPrompt();
  const headingId = useId();
  const offer = installOffer(state, isIosSafari());
  if (!offer) return null;
  return (
    <section className="install-prompt" aria-labelledby={headingId}>
      <img className="install-prompt__icon" src="/icons/icon-192.png" alt="" width={40} height={40} />
      <div className="install-prompt__body">
        <h2 id={headingId} className="install-prompt__title">
          {offer === 'ios' ? ko.install.iosTitle : ko.install.title}
        </h2>
        <p className="install-prompt__lead">{offer === 'ios' ? ko.install.iosSteps : ko.install.lead}</p>
      </div>
      <div className="install-prompt__actions">
        {offer === 'prompt' && (
          <button type="button" className="btn btn--primary btn--small" onClick={() => void state.install()}>
            {ko.install.install}
          </button>
        )}
        <button type="button" className="btn btn--ghost btn--small" onClick={() => state.dismiss()}>
          {ko.install.later}
        </button>
      </div>
    </section>
  );
}
