import { useImperativeHandle, useRef, type Ref } from 'react';
import { format, ko } from '@/i18n/ko';

interface StarRatingInputProps {
  /** 1–5. */
  value: number;
  onChange: (value: number) => void;
  /** Group label (UI-TEXT.md "별점"). */
  label: string;
  disabled?: boolean;
  /** The id of the group's error text (react-hook-form), read with the group. */
  errorId?: string;
  /** `focus()` moves focus to the checked star (react-hook-form's `setFocus` / focus on the first invalid field). */
  ref?: Ref<{ focus: () => void }>;
}

const VALUES = [1, 2, 3, 4, 5] as const;

/**
 * 1–5 clickable stars (SPEC §2 Write review) as a radio group: click a star, or use the arrow
 * keys / Home / End on the focused one (roving tab index — one tab stop). Stars up to the value
 * are filled.
 */
export function StarRatingInput({ value, onChange, label, disabled, errorId, ref }: StarRatingInputProps) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  useImperativeHandle(ref, () => ({ focus: () => refs.current[Math.max(1, Math.min(5, value)) - 1]?.focus() }), [value]);
  const choose = (next: number) => {
    const v = Math.max(1, Math.min(5, next));
    onChange(v);
    refs.current[v - 1]?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const step: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };
    if (event.key in step) choose(value + step[event.key]!);
    else if (event.key === 'Home') choose(1);
    else if (event.key === 'End') choose(5);
    else return;
    event.preventDefault();
  };
  return (
    <div
      className="star-input"
      role="radiogroup"
      aria-label={label}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      onKeyDown={disabled ? undefined : onKeyDown}
    >
      {VALUES.map((v) => (
        <button
          key={v}
          ref={(el) => {
            refs.current[v - 1] = el;
          }}
          type="button"
          role="radio"
          aria-checked={v === value}
          aria-label={format(ko.reviewForm.starOption, { rating: v })}
          tabIndex={v === value ? 0 : -1}
          disabled={disabled}
          className={v <= value ? 'star-input__star star-input__star--on' : 'star-input__star'}
          onClick={() => choose(v)}
        >
          <span aria-hidden="true">★</span>
        </button>
      ))}
    </div>
  );
}
