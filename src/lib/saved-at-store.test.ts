import { describe, expect, it } from 'vitest';
import { oldestSavedAt } from './saved-at-store';

describe('oldestSavedAt', () => {
  it('is the earliest instant on record, or null when none', () => {
    expect(oldestSavedAt({})).toBeNull();
    expect(oldestSavedAt({ '/a': '2026-11-21T10:00:00.000Z', '/b': '2026-11-21T09:00:00.000Z' })).toBe('2026-11-21T09:00:00.000Z');
  });
});
