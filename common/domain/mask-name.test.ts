import { describe, expect, it } from 'vitest';
import { maskName } from './mask-name.ts';

describe('maskName (issue #31 item 4)', () => {
  it('keeps the first and last character of a name and stars the middle', () => {
    expect(maskName('박서연')).toBe('박*연');
    expect(maskName('남궁민수')).toBe('남**수');
    expect(maskName('김민')).toBe('김*');
    expect(maskName('이')).toBe('*');
    expect(maskName('  최호스트 ')).toBe('최**트');
    expect(maskName('홍길동전설')).toBe('홍***설');
    expect(maskName('')).toBe('');
  });
});
