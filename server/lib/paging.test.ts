import { describe, expect, it } from 'vitest';
import { nextCursor, nextLinkTarget } from '../../common/paging.ts';
import { decodeCursor, encodeCursor, pageLimit, TimeIdCursor } from './paging.ts';

describe('paging helpers (issue #19 item 1)', () => {
  it('limits: default 20, above 100 cut to 100', () => {
    expect(pageLimit(undefined)).toBe(20);
    expect(pageLimit(7)).toBe(7);
    expect(pageLimit(1000)).toBe(100);
  });

  it('a cursor round-trips; anything else the server did not issue is INVALID_CURSOR', () => {
    const key = ['2026-11-26T05:00:00.123Z', 42] as const;
    expect(decodeCursor(encodeCursor(key), TimeIdCursor)).toEqual(key);
    expect(decodeCursor(undefined, TimeIdCursor)).toBeUndefined();
    for (const bad of ['%%%', 'bm90IGpzb24', encodeCursor(['yesterday', 1]), encodeCursor(['2026-11-26T05:00:00.123Z', -1]), encodeCursor([1, 2, 3]), 'A'.repeat(600)]) {
      expect(() => decodeCursor(bad, TimeIdCursor), bad).toThrow(expect.objectContaining({ statusCode: 400, code: 'INVALID_CURSOR' }));
    }
  });

  it('reads the rel="next" target of a Link header', () => {
    expect(nextLinkTarget('</api/board?limit=20&cursor=abc>; rel="next"')).toBe('/api/board?limit=20&cursor=abc');
    expect(nextLinkTarget('</a>; rel="prev", </b?cursor=x>; rel=next')).toBe('/b?cursor=x');
    expect(nextCursor('</b?limit=5&cursor=x_y-z>; rel="next"')).toBe('x_y-z');
    expect(nextCursor(null)).toBeNull();
    expect(nextCursor('</a>; rel="prev"')).toBeNull();
  });
});
