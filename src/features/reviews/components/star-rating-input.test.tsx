import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StarRatingInput } from './star-rating-input';

function Harness({ initial = 3 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <StarRatingInput value={value} onChange={setValue} label="별점" />
      <output>{value}</output>
    </>
  );
}

const checked = () => screen.getAllByRole('radio').filter((r) => r.getAttribute('aria-checked') === 'true').map((r) => r.getAttribute('aria-label'));
const filled = () => document.querySelectorAll('.star-input__star--on').length;

describe('StarRatingInput', () => {
  it('is a radio group of five stars, 3 by default, three filled', () => {
    render(<Harness />);
    expect(screen.getByRole('radiogroup', { name: '별점' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(checked()).toEqual(['3점']);
    expect(filled()).toBe(3);
  });

  it('clicking a star chooses it and fills the stars up to it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('radio', { name: '5점' }));
    expect(checked()).toEqual(['5점']);
    expect(filled()).toBe(5);
    await user.click(screen.getByRole('radio', { name: '1점' }));
    expect(screen.getByRole('status').textContent ?? document.querySelector('output')!.textContent).toBe('1');
    expect(filled()).toBe(1);
  });

  it('is keyboard usable: one tab stop, arrows, Home and End, clamped to 1–5', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '3점' }));
    await user.keyboard('{ArrowRight}');
    expect(checked()).toEqual(['4점']);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '4점' }));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(checked()).toEqual(['5점']);
    await user.keyboard('{Home}');
    expect(checked()).toEqual(['1점']);
    await user.keyboard('{ArrowLeft}');
    expect(checked()).toEqual(['1점']);
    await user.keyboard('{End}{ArrowDown}');
    expect(checked()).toEqual(['4점']);
    // Only the checked star is in the tab order.
    expect(screen.getAllByRole('radio').filter((r) => r.tabIndex === 0)).toHaveLength(1);
  });
});
