import { useState } from 'react';
import { FOOD_CATEGORIES } from '@common/domain/vocabulary';
import { Dialog } from '@/components/ui/dialog';
import { ToggleGroup } from '@/components/ui/toggle-group';
import { ko } from '@/i18n/ko';
import { formatDistance } from '@/lib/geo';
import { MATCHING_DISTANCES, type MatchingFilter } from '../filter';

interface MatchingFilterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: MatchingFilter;
  onApply: (value: MatchingFilter) => void;
}

const CATEGORY_OPTIONS = FOOD_CATEGORIES.map((c) => ({ value: c, label: c }));
const DISTANCE_OPTIONS = MATCHING_DISTANCES.map((d) => ({ value: d as number, label: formatDistance(d) }));

/** "필터": 음식 종류 and 거리; the choice applies on "적용", "취소" drops it. */
export function MatchingFilterDialog({ open, onOpenChange, value, onApply }: MatchingFilterDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={ko.matching.filter}>
      {open && <FilterForm initial={value} onApply={onApply} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function FilterForm({ initial, onApply, onClose }: { initial: MatchingFilter; onApply: (v: MatchingFilter) => void; onClose: () => void }) {
  const [draft, setDraft] = useState(initial);
  return (
    <div className="form-stack">
      <ToggleGroup type="multiple" label={ko.matching.foodType} options={CATEGORY_OPTIONS} value={draft.categories} onChange={(categories) => setDraft({ ...draft, categories })} />
      <ToggleGroup
        type="single"
        label={ko.matching.distance}
        options={DISTANCE_OPTIONS}
        value={draft.distance}
        onChange={(distance) => distance !== null && setDraft({ ...draft, distance })}
      />
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {ko.matching.cancel}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            onApply(draft);
            onClose();
          }}
        >
          {ko.matching.apply}
        </button>
      </div>
    </div>
  );
}
