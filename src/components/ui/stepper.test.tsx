import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Stepper } from './stepper';

function Harness({ start }: { start: number }) {
  const [n, setN] = useState(start);
  return <Stepper label="인원" value={n} min={2} max={8} onChange={setN} decrementLabel="인원 줄이기" incrementLabel="인원 늘리기" formatValue={(v) => `${v}명`} />;
}

describe('Stepper', () => {
  it('stays within 2–8 and disables the button at each bound', async () => {
    const user = userEvent.setup();
    render(<Harness start={2} />);
    const less = screen.getByRole('button', { name: '인원 줄이기' });
    const more = screen.getByRole('button', { name: '인원 늘리기' });
    expect(screen.getByText('2명')).toBeTruthy();
    expect((less as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 10; i++) if (!(more as HTMLButtonElement).disabled) await user.click(more);
    expect(screen.getByText('8명')).toBeTruthy();
    expect((more as HTMLButtonElement).disabled).toBe(true);
    await user.click(less);
    expect(screen.getByText('7명')).toBeTruthy();
    expect(screen.getByRole('group', { name: '인원' })).toBeTruthy();
  });
});
