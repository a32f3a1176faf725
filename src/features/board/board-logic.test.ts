import { describe, expect, it } from 'vitest';
import { filterByAllTags, firstImageSrc, htmlToText, isValidPosition, previewText, searchText, toggleTag, wrapIndex } from './board-logic';

describe('previewText', () => {
  it('strips markup and decodes entities', () => {
    expect(htmlToText('<p>a <strong>b</strong></p><p>c&amp;d &lt;img&gt;</p><img src="/uploads/x.webp">')).toBe('a b c&d <img>');
  });
  it('keeps short text whole', () => {
    expect(previewText('<p>짧은 글</p>')).toBe('짧은 글');
  });
  it('cuts at 100 characters and adds an ellipsis', () => {
    const text = '가'.repeat(150);
    expect(previewText(`<p>${text}</p>`)).toBe(`${'가'.repeat(100)}…`);
    expect(previewText(`<p>${'나'.repeat(100)}</p>`)).toBe('나'.repeat(100));
  });
  it('never leaves markup from hostile content', () => {
    expect(previewText('<script>alert(1)</script><p>ok</p>')).toBe('ok');
  });
});

describe('filterByAllTags', () => {
  const posts = [
    { id: 1, tags: ['점심', '맛집'] },
    { id: 2, tags: ['점심'] },
    { id: 3, tags: ['맛집', '카페', '점심'] },
  ];
  it('keeps every post with no selection', () => {
    expect(filterByAllTags(posts, []).map((p) => p.id)).toEqual([1, 2, 3]);
  });
  it('keeps posts holding ALL selected tags', () => {
    expect(filterByAllTags(posts, ['점심', '맛집']).map((p) => p.id)).toEqual([1, 3]);
    expect(filterByAllTags(posts, ['카페', '점심']).map((p) => p.id)).toEqual([3]);
    expect(filterByAllTags(posts, ['저녁'])).toEqual([]);
  });
});

describe('toggleTag', () => {
  it('adds, removes and respects the maximum', () => {
    expect(toggleTag([], '점심')).toEqual(['점심']);
    expect(toggleTag(['점심'], '점심')).toEqual([]);
    expect(toggleTag(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
  });
});

describe('wrapIndex', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe('isValidPosition', () => {
  it('rejects missing or out-of-range coordinates', () => {
    expect(isValidPosition(37.5, 127)).toBe(true);
    expect(isValidPosition(null, 127)).toBe(false);
    expect(isValidPosition(91, 127)).toBe(false);
    expect(isValidPosition(Number.NaN, 127)).toBe(false);
  });
});

describe('firstImageSrc and searchText (issue #18)', () => {
  it('takes the first uploaded or http(s) image, never data: or script URLs', () => {
    expect(firstImageSrc('<p>a</p><img src="/uploads/a.webp" width="10"><img src="/uploads/b.webp">')).toBe('/uploads/a.webp');
    expect(firstImageSrc("<img alt='x' src='https://example.com/x.png'>")).toBe('https://example.com/x.png');
    expect(firstImageSrc('<img src="data:image/png;base64,AAAA">')).toBeNull();
    expect(firstImageSrc('<p>no image</p>')).toBeNull();
  });
  it('trims the search and keeps 100 characters', () => {
    expect(searchText('  카페 ')).toBe('카페');
    expect(searchText(undefined)).toBe('');
    expect([...searchText('가'.repeat(120))]).toHaveLength(100);
  });
});
