import type { Venue } from '@common/api/venues';
import { venueCategoryLabel } from '@common/domain/categories';
import type { IsoDate } from '@common/domain/schedule';
import { Dialog } from '@/components/ui/dialog';
import { format, ko } from '@/i18n/ko';
import { monthDayLabel } from '@/lib/dates';
import { formatDistance } from '@/lib/geo';

interface VenueSheetProps {
  /** The venue whose sheet is open; null = closed. */
  venue: Venue | null;
  onClose: () => void;
  /** The day the meal would be made for (the calendar's selected day, else the first day with open hours). */
  date: IsoDate;
  /** 이 식당으로 약속 만들기: opens 일정 추가 with this venue on `date`. */
  onCreate: (venue: Venue) => void;
}

/**
 * A venue's sheet (issue #31 item 3), opened by a pin tap or a choice in the list: a dialog (focus
 * trap, 닫기, Escape) shown as a bottom sheet on phones and a right-hand panel from 992 px, titled
 * with the venue and showing its category (venueCategoryLabel), distance (from where the search is
 * measured, in m/km) and address, then the primary button 이 식당으로 약속 만들기. It is short on
 * purpose: at 360 × 780 the button is in view without scrolling.
 */
export function VenueSheet({ venue, onClose, date, onCreate }: VenueSheetProps) {
  const address = venue ? venue.road_address_name || venue.address_name : '';
  return (
    <Dialog open={venue !== null} onOpenChange={(open) => !open && onClose()} title={venue?.place_name ?? ''} variant="sheet">
      {venue && (
        <div className="venue-sheet">
          <dl className="venue-sheet__facts">
            <div>
              <dt>{ko.schedule.category}</dt>
              <dd className="venue-sheet__category">{venueCategoryLabel(venue.category_name)}</dd>
            </div>
            <div>
              <dt>{ko.schedule.distance}</dt>
              <dd>{formatDistance(venue.distance)}</dd>
            </div>
            {address && (
              <div>
                <dt>{ko.schedule.venueAddress}</dt>
                <dd>{address}</dd>
              </div>
            )}
          </dl>
          <p className="field__hint venue-sheet__date">{format(ko.schedule.sheetDate, { date: monthDayLabel(date) })}</p>
          <button type="button" className="btn btn--primary btn--block" aria-haspopup="dialog" onClick={() => onCreate(venue)}>
            {ko.schedule.createHere}
          </button>
        </div>
      )}
    </Dialog>
  );
}
