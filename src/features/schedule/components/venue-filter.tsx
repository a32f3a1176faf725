import { useState } from 'react';
import { FOOD_CATEGORIES, type FoodCategory } from '@common/domain/vocabulary';
import { Dialog } from '@/components/ui/dialog';
import { ToggleGroup } from '@/components/ui/toggle-group';
import { ko } from '@/i18n/ko';
import { formatDistance } from '@/lib/geo';
import { useMediaQuery, WIDE_QUERY } from '@/lib/use-media-query';
import { VENUE_DISTANCES } from '../schedule-form';

export interface VenueFilterValue {
  categories: FoodCategory[];
  /** Metres, or null when cleared (the search then uses 2000 m — SPEC §9). */
  distance: number | null;
}

interface VenueFilterProps {
  value: VenueFilterValue;
  onChange: (value: VenueFilterValue) => void;
}

const CATEGORY_OPTIONS = FOOD_CATEGORIES.map((c) => ({ value: c, label: c }));
const DISTANCE_OPTIONS = VENUE_DISTANCES.map((d) => ({ value: d as number, label: formatDistance(d) }));

function FilterFields({ value, onChange }: VenueFilterProps) {
  return (
    <div className="venue-filter__fields">
      <ToggleGroup type="multiple" label={ko.schedule.foodType} options={CATEGORY_OPTIONS} value={value.categories} onChange={(categories) => onChange({ ...value, categories })} />
      <ToggleGroup type="single" clearable label={ko.schedule.distance} options={DISTANCE_OPTIONS} value={value.distance} onChange={(distance) => onChange({ ...value, distance })} />
    </div>
  );
}

/** From 992 px a card ("식당 필터" region); below it a "필터" button opening a dialog (SPEC §2). */
export function VenueFilter(props: VenueFilterProps) {
  const wide = useMediaQuery(WIDE_QUERY);
  const [open, setOpen] = useState(false);
  if (wide) {
    return (
      <section className="card venue-filter" role="region" aria-label={ko.schedule.filterPanel}>
        <h2 className="card__title">{ko.schedule.filterPanel}</h2>
        <FilterFields {...props} />
      </section>
    );
  }
  return (
    <>
      <button type="button" className="btn btn--secondary venue-filter__open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {ko.schedule.filterButton}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={ko.schedule.filterPanel}>
        <FilterFields {...props} />
        <div className="dialog-actions">
          <button type="button" className="btn btn--primary" onClick={() => setOpen(false)}>
            {ko.feedback.ok}
          </button>
        </div>
      </Dialog>
    </>
  );
}
