import { useState } from 'react';
import { exportMyData } from '@common/api/account';
import { toast } from '@/components/ui/feedback-store';
import { ko } from '@/i18n/ko';
import { call } from '@/lib/api-client';

/**
 * "내 데이터 내려받기" (issue #17 item 3): fetches `GET /api/user/me/export` with the member's token
 * and saves it as a JSON file. The button cannot be pressed twice while it runs.
 */
export function MyDataDownload() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const data = await call(exportMyData);
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `bapsang-my-data-${data.exportedAt.slice(0, 10)}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      toast.error(ko.account.exportFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="my-data">
      <button type="button" className="btn btn--ghost" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {ko.account.export}
      </button>
      <p className="field__hint">{ko.account.exportHint}</p>
    </section>
  );
}
