import { ko } from '@/i18n/ko';
import { useOnlineStatus } from '../hooks/use-online-status';

export function OfflineBanner() {
  const online = useOnlineStatus();
  return (
    <div className="offline-banner-region" role="status">
      {!online && <p className="offline-banner">{ko.app.offline}</p>}
    </div>
  );
}
