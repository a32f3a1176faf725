import { hourLabel, meridiem } from '@/lib/dates';

/**
 * The `<option>`s of an hour picker (KST hours 0–23), grouped 오전 / 오후 (UI-TEXT: times as
 * 오전/오후); a half without any of `hours` is left out. Used by the add and edit dialogs.
 */
export function HourOptions({ hours }: { hours: readonly number[] }) {
  return (
    <>
      {[meridiem(0), meridiem(12)].map((half) => {
        const inHalf = hours.filter((h) => meridiem(h) === half);
        return inHalf.length === 0 ? null : (
          <optgroup key={half} label={half}>
            {inHalf.map((h) => (
              <option key={h} value={h}>
                {hourLabel(h)}
              </option>
            ))}
          </optgroup>
        );
      })}
    </>
  );
}
