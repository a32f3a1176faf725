import type { Preferences } from '@common/api/users';
import { PREFERENCES, type Preference } from '@common/domain/vocabulary';
import { ToggleChip } from '@/components/ui/toggle-chip';

interface PreferenceGridProps {
  value: Preferences;
  onChange: (next: Preferences) => void;
  labelledBy?: string;
}

/** The 9 cuisine preferences as toggle chips in a scrollable grid (max height 200 px). */
export function PreferenceGrid({ value, onChange, labelledBy }: PreferenceGridProps) {
  const toggle = (p: Preference) => onChange({ ...value, [p]: !value[p] });
  return (
    <div className="preference-grid" role="group" aria-labelledby={labelledBy}>
      {PREFERENCES.map((p) => (
        <ToggleChip key={p} pressed={Boolean(value[p])} onToggle={() => toggle(p)}>
          {p}
        </ToggleChip>
      ))}
    </div>
  );
}
