import { useQuery } from '@tanstack/react-query';
import { format, ko } from '@/i18n/ko';
import { koreanDateTime, whenLabel } from '@/lib/dates';
import { sharedMealQuery } from '../api';

/**
 * /s/{token} (issue #17 item 9): what a trusted person without an account sees of a shared meal —
 * who shared it, the place (with a map link when the coordinates are known), the date and hour,
 * the partner's nickname, and whether it was cancelled. An ended link says so.
 */
export function SharedMealPage({ token }: { token: string }) {
  const meal = useQuery(sharedMealQuery(token));
  if (meal.isPending) {
    return (
      <div className="page shared-meal" aria-busy="true">
        <h1 className="page-heading">{ko.safety.pageTitle}</h1>
        <p>{ko.app.loading}</p>
      </div>
    );
  }
  if (meal.isError) {
    return (
      <div className="page shared-meal">
        <h1 className="page-heading">{ko.safety.pageTitle}</h1>
        <p role="alert">{ko.safety.pageGone}</p>
      </div>
    );
  }
  const m = meal.data;
  const until = koreanDateTime(m.expiresAt);
  const mapUrl = m.latitude !== null && m.longitude !== null ? `https://www.openstreetmap.org/?mlat=${m.latitude}&mlon=${m.longitude}#map=17/${m.latitude}/${m.longitude}` : null;
  return (
    <div className="page shared-meal">
      <h1 className="page-heading">{ko.safety.pageTitle}</h1>
      <p>{format(ko.safety.pageLead, { name: m.sharedBy })}</p>
      {m.cancelled && (
        <p className="shared-meal__cancelled" role="status">
          {ko.safety.pageCancelled}
        </p>
      )}
      <dl className="card shared-meal__facts">
        <dt>{ko.safety.pagePlace}</dt>
        <dd>
          {m.placeName}
          {mapUrl && (
            <>
              {' · '}
              <a href={mapUrl} target="_blank" rel="noopener noreferrer">
                {ko.safety.pageMap}
              </a>
            </>
          )}
        </dd>
        <dt>{ko.safety.pageWhen}</dt>
        <dd>{whenLabel(m.date, m.time)}</dd>
        <dt>{ko.safety.pagePartner}</dt>
        <dd>{m.partnerName}</dd>
      </dl>
      <p className="field__hint">{format(ko.safety.pageUntil, { time: until })}</p>
    </div>
  );
}
