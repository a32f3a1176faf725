import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import type { Venue } from '@common/api/venues';
import { venueCategoryLabel } from '@common/domain/categories';
import { QueryState } from '@/components/ui/load-state';
import { ko } from '@/i18n/ko';
import { formatDistance } from '@/lib/geo';

interface VenueListProps {
  venues: readonly Venue[];
  /** The venue search (issue #14): skeleton while loading, error with 다시 시도, the empty text. */
  query: Pick<UseQueryResult<unknown>, 'status' | 'isFetching' | 'refetch' | 'isRefetchError' | 'isPlaceholderData'>;
  selectedId: string | null;
  onSelect: (venue: Venue) => void;
}

/** "주변 식당": buttons named by the venue, with its category and distance, nearest first. */
export function VenueList({ venues, query, selectedId, onSelect }: VenueListProps) {
  const headingId = useId();
  const showList = venues.length > 0 && query.status === 'success';
  return (
    <section className="card venue-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {ko.schedule.nearby}
      </h2>
      <QueryState query={query} isEmpty={venues.length === 0} empty={ko.schedule.venuesEmpty} />
      {showList && (
        <ul className="venue-list__items" aria-labelledby={headingId} aria-busy={query.isPlaceholderData}>
          {venues.map((v) => {
            const detailsId = `${headingId}-${v.id}`;
            return (
              <li key={v.id}>
                <button
                  type="button"
                  className="venue-item"
                  aria-pressed={v.id === selectedId}
                  onClick={() => onSelect(v)}
                >
                  <span className="venue-item__name">{v.place_name}</span>
                  <span id={detailsId} className="venue-item__meta">
                    <span className="venue-item__category">{venueCategoryLabel(v.category_name)}</span>
                    <span className="venue-item__distance">{formatDistance(v.distance)}</span>
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
