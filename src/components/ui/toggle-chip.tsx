import type { ReactNode } from 'react';

interface ToggleChipProps {
  pressed: boolean;
  onToggle: () => void;
  children: ReactNode;
  disabled?: boolean;
}

/** A toggle button (`aria-pressed`), keyboard usable like any button. */
export function ToggleChip({ pressed, onToggle, children, disabled }: ToggleChipProps) {
  return (
    <button type="button" className="chip" aria-pressed={pressed} onClick={onToggle} disabled={disabled} aria-disabled={disabled || undefined}>
      {children}
    </button>
  );
}
