import { describe, expect, it } from 'vitest';
import { formatDistance } from './geo';

describe('formatDistance', () => {
  it('writes distance toggles as 300m, 500m, 1km, 2km, 5km', () => {
    expect([300, 500, 1000, 2000, 5000].map(formatDistance)).toEqual(['300m', '500m', '1km', '2km', '5km']);
    expect(formatDistance(1500)).toBe('1.5km');
  });
});
