import type { ReactNode } from 'react';
import type { Schedule, ScheduleAuthor } from '@common/api/schedules';
import type { IsoDate } from '@common/domain/schedule';
import { Dialog } from '@/components/ui/dialog';
import { format, ko } from '@/i18n/ko';
import type { MealPlace } from '../venues';
import { UpcomingList } from './upcoming-list';

interface PlaceMealsSheetProps {
  /** The open place; null = closed. */
  place: MealPlace | null;
  onClose: () => void;
  today: IsoDate;
  selectedId: number | null;
  myId: number | null;
  pendingIds?: ReadonlySet<number>;
  onSelect: (schedule: Schedule) => void;
  onShowAuthor: (author: ScheduleAuthor, scheduleId: number) => void;
  /** 매칭 신청 (or where my request stands) for the selection, as in the page's toolbar. */
  action: ReactNode;
}

/**
 * A map marker's meals (issue #31 item 2): a dialog (focus trap, 닫기, Escape) shown as a bottom
 * sheet on phones and a side panel from 992 px, titled with the place, listing its meals under day
 * headers as the same selectable rows as the list, with 매칭 신청 below.
 */
export function PlaceMealsSheet({ place, onClose, today, action, ...rows }: PlaceMealsSheetProps) {
  return (
    <Dialog open={place !== null} onOpenChange={(open) => !open && onClose()} title={place?.placeName ?? ''} variant="sheet">
      {place && (
        <div className="place-meals">
          <p className="place-meals__count">{format(ko.upcoming.sheetCount, { n: place.schedules.length })}</p>
          <UpcomingList today={today} schedules={place.schedules} {...rows} />
          <p className="field__hint">{ko.matching.selectHint}</p>
          <div className="place-meals__actions">{action}</div>
        </div>
      )}
    </Dialog>
  );
}
