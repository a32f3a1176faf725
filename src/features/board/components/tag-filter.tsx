import { useState } from 'react';
import { BOARD_TAGS } from '@common/domain/vocabulary';
import { ToggleChip } from '@/components/ui/toggle-chip';
import { format, ko } from '@/i18n/ko';
import { toggleTag } from '../board-logic';

interface TagFilterProps {
  active: readonly string[];
  onApply: (tags: string[]) => void;
}

/**
 * "태그 필터" (SPEC §4 "Board"): a dropdown of pending choices applied on "적용" and dropped on
 * "취소"; the active tags show as badges, and clicking one removes it.
 */
export function TagFilter({ active, onApply }: TagFilterProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<string[]>([...active]);
  return (
    <div className="tag-filter">
      <button
        type="button"
        className="btn btn--secondary"
        aria-expanded={open}
        aria-controls="tag-filter-panel"
        onClick={() => {
          if (!open) setPending([...active]);
          setOpen(!open);
        }}
      >
        {ko.board.tagFilter}
      </button>
      {open && (
        <div id="tag-filter-panel" className="tag-filter__panel" role="group" aria-label={ko.board.tagFilter}>
          <div className="chip-list">
            {BOARD_TAGS.map((tag) => (
              <ToggleChip key={tag} pressed={pending.includes(tag)} onToggle={() => setPending((p) => toggleTag(p, tag))}>
                {tag}
              </ToggleChip>
            ))}
          </div>
          <div className="dialog-actions">
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setOpen(false)}>
              {ko.boardUi.cancel}
            </button>
            <button
              type="button"
              className="btn btn--primary btn--small"
              onClick={() => {
                onApply(pending);
                setOpen(false);
              }}
            >
              {ko.boardUi.apply}
            </button>
          </div>
        </div>
      )}
      {active.length > 0 && (
        <ul className="chip-list" aria-label={ko.boardUi.activeFilters}>
          {active.map((tag) => (
            <li key={tag}>
              <button type="button" className="pill tag-filter__active" aria-label={format(ko.boardUi.removeFilter, { tag })} onClick={() => onApply(active.filter((t) => t !== tag))}>
                {tag} ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
