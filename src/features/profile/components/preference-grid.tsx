import type { Ref } from 'react';
import type { Preferences } from '@common/api/users';
import { PREFERENCES, type Preference } from '@common/domain/vocabulary';

interface PreferenceGridProps {
  value: Preferences;
  onChange: (next: Preferences) => void;
  labelledBy?: string;
  /** The group's error (issue #14): shown under the grid by the caller, read with the group. */
  errorId?: string;
  /** The first chip (react-hook-form focuses it when the group is invalid). */
  firstRef?: Ref<HTMLButtonElement>;
}

/** The 9 cuisine preferences as toggle chips (`aria-pressed`) in a scrollable grid (max height 200 px). */
export function PreferenceGrid({ value, onChange, labelledBy, errorId, firstRef }: PreferenceGridProps) {
  const toggle = (p: Preference) => onChange({ ...value, [p]: !value[p] });
  return (
    <div className="preference-grid" role="group" aria-labelledby={labelledBy} aria-describedby={errorId} aria-invalid={errorId ? true : undefined}>
      {PREFERENCES.map((p, i) => (
        <button key={p} ref={i === 0 ? firstRef : undefined} type="button" className="chip" aria-pressed={Boolean(value[p])} onClick={() => toggle(p)}>
          {p}
        </button>
      ))}
    </div>
  );
}
