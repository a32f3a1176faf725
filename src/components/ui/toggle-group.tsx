import { useId } from 'react';
import { ToggleChip } from './toggle-chip';

interface Option<T extends string | number> {
  value: T;
  label: string;
}

interface BaseProps<T extends string | number> {
  label: string;
  options: readonly Option<T>[];
}

interface MultipleProps<T extends string | number> extends BaseProps<T> {
  type: 'multiple';
  value: readonly T[];
  onChange: (value: T[]) => void;
}

interface SingleProps<T extends string | number> extends BaseProps<T> {
  type: 'single';
  value: T | null;
  onChange: (value: T | null) => void;
  /** Pressing the active option again clears the choice (SPEC §9 schedule distances). */
  clearable?: boolean;
}

/** A labelled group of `aria-pressed` toggle buttons: several (multiple) or one (single). */
export function ToggleGroup<T extends string | number>(props: MultipleProps<T> | SingleProps<T>) {
  const labelId = useId();
  const isOn = (v: T) => (props.type === 'multiple' ? props.value.includes(v) : props.value === v);
  const toggle = (v: T) => {
    if (props.type === 'multiple') {
      props.onChange(props.value.includes(v) ? props.value.filter((x) => x !== v) : [...props.value, v]);
    } else if (props.value === v) {
      if (props.clearable) props.onChange(null);
    } else {
      props.onChange(v);
    }
  };
  return (
    <div className="toggle-group">
      <span id={labelId} className="field__label">
        {props.label}
      </span>
      <div className="toggle-group__options" role="group" aria-labelledby={labelId}>
        {props.options.map((o) => (
          <ToggleChip key={String(o.value)} pressed={isOn(o.value)} onToggle={() => toggle(o.value)}>
            {o.label}
          </ToggleChip>
        ))}
      </div>
    </div>
  );
}
