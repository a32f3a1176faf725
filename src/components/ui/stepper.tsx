import { useId } from 'react';

interface StepperProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  decrementLabel: string;
  incrementLabel: string;
  /** How the value reads, e.g. n => `${n}명`. */
  formatValue?: (value: number) => string;
}

/** − value + ; the buttons stop at the bounds (disabled), the value is announced politely. */
export function Stepper({ label, value, min, max, onChange, decrementLabel, incrementLabel, formatValue = String }: StepperProps) {
  const labelId = useId();
  return (
    <div className="field">
      <span id={labelId} className="field__label">
        {label}
      </span>
      <div className="stepper" role="group" aria-labelledby={labelId}>
        <button
          type="button"
          className="stepper__button"
          aria-label={decrementLabel}
          disabled={value <= min}
          onClick={() => onChange(Math.max(min, value - 1))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <span className="stepper__value" aria-live="polite" aria-atomic="true">
          {formatValue(value)}
        </span>
        <button
          type="button"
          className="stepper__button"
          aria-label={incrementLabel}
          disabled={value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
