import { useEffect, useState } from 'react';

/**
 * "Now", refreshed every `intervalMs` (issue #15): the meal windows (arrival start±60 min,
 * attendance from the start, cancel before it) open and close on screen without a reload. Tests
 * set the time with `vi.setSystemTime`.
 */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
