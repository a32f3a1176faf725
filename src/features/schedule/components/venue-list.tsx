import { useId } from 'react';
import type { Venue } from '@common/api/venues';
import { venueCategoryLabel } from '@common/domain/categories';
import { LoadState } from '@/components/ui/load-state';
import { ko } from '@/i18n/ko';

interface VenueListProps {
  venues: readonly Venue[];
  status: 'loading' | 'ready' | 'error';
  onRetry: () => void;
  selectedId: string | null;
  onSelect: (venue: Venue) => void;
}

/** "주변 식당": buttons named by the venue, with its category and distance, nearest first. */
export function VenueList({ venues, status, onRetry, selectedId, onSelect }: VenueListProps) {
  const headingId = useId();
  const showList = venues.length > 0 && status !== 'error';
  return (
    <section className="card venue-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {ko.schedule.nearby}
      </h2>
      <LoadState status={status} onRetry={onRetry} isEmpty={venues.length === 0} empty={ko.schedule.venuesEmpty} />
      {showList && (
        <ul className="venue-list__items" aria-labelledby={headingId} aria-busy={status === 'loading'}>
          {venues.map((v) => {
            const detailsId = `${headingId}-${v.id}`;
            return (
              <li key={v.id}>
                <button
                  type="button"
                  className="venue-item"
                  aria-pressed={v.id === selectedId}
                  aria-label={v.place_name}
                  aria-describedby={detailsId}
                  onClick={() => onSelect(v)}
                >
                  <span className="venue-item__name">{v.place_name}</span>
                  <span id={detailsId} className="venue-item__meta">
                    <span className="venue-item__category">{venueCategoryLabel(v.category_name)}</span>
                    <span className="venue-item__distance">{`${v.distance}m`}</span>
                    {(v.road_address_name || v.address_name) && <span className="venue-item__address">{v.road_address_name || v.address_name}</span>}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
