/**
 * Issue #18 item 2: Saturdays blue, Sundays and public holidays red, a holiday's name in the day's
 * accessible name and tooltip — the holidays come from @hyunbinseo/holidays-kr (the gazette).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithFeedback } from '@/test/render';
import { Calendar } from './calendar';

function renderDecember2026() {
  return renderWithFeedback(
    <Calendar
      label="달력"
      today="2026-12-01"
      window={{ first: '2026-12-01', last: '2026-12-31' }}
      selected={null}
      onDayClick={() => undefined}
      month="2026-12-01"
      onMonthChange={() => undefined}
    />,
  );
}

describe('Calendar: weekends and holidays', () => {
  it("names Christmas by the gazette's name (기독탄신일) in the accessible name and tooltip, and marks it a holiday", async () => {
    renderDecember2026();
    const christmas = await screen.findByRole('button', { name: /^25, .*기독탄신일$/ });
    expect(christmas.getAttribute('title')).toBe('기독탄신일');
    expect(christmas.closest('td')?.classList.contains('calendar__day--holiday')).toBe(true);
  });

  it('marks Saturdays and Sundays; an ordinary weekday is neither, and has no tooltip', async () => {
    renderDecember2026();
    await screen.findByRole('button', { name: /기독탄신일/ });
    // 2026-12-05 is a Saturday, 2026-12-06 a Sunday, 2026-12-07 a Monday.
    const classes = (day: number) => [...(screen.getByRole('button', { name: new RegExp(`^${day}, `) }).closest('td')?.classList ?? [])];
    expect(classes(5)).toContain('calendar__day--saturday');
    expect(classes(6)).toContain('calendar__day--sunday');
    expect(classes(7)).not.toContain('calendar__day--saturday');
    expect(classes(7)).not.toContain('calendar__day--sunday');
    expect(screen.getByRole('button', { name: /^7, / }).hasAttribute('title')).toBe(false);
  });
});
