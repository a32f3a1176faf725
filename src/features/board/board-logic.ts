/**
 * Pure helpers of the board and recommendation screens (SPEC §2, §4 "Board", §4 "Recommendation
 * map", §9; issue #6). No DOM, no React: unit-tested in board-logic.test.ts.
 */

/** SPEC §9: a card preview shows this many characters of the content's text. */
export const PREVIEW_LENGTH = 100;

/** Named character references decoded in previews (the sanitiser emits these). */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * The plain text of post HTML: tags removed (block ends become spaces), entities decoded and
 * whitespace collapsed. The result is text for React to escape — never HTML.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|li|h2|h3|blockquote|ul|ol)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (m, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16) || 0xfffd);
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)) || 0xfffd);
      return ENTITIES[name.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** SPEC §2: the card preview — the first 100 characters of the text, then "…" when longer. */
export function previewText(html: string, length = PREVIEW_LENGTH): string {
  const chars = [...htmlToText(html)];
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : chars.join('');
}

/** SPEC §4: keeps the posts holding ALL `selected` tags (none selected keeps every post). */
export function filterByAllTags<T extends { tags: readonly string[] }>(posts: readonly T[], selected: readonly string[]): T[] {
  if (selected.length === 0) return [...posts];
  return posts.filter((p) => selected.every((tag) => p.tags.includes(tag)));
}

/** Adds or removes `tag` from a selection, keeping at most `max` (extra picks are ignored). */
export function toggleTag(selected: readonly string[], tag: string, max = Infinity): string[] {
  if (selected.includes(tag)) return selected.filter((t) => t !== tag);
  return selected.length >= max ? [...selected] : [...selected, tag];
}

/** SPEC §4: a carousel index that wraps around at both ends (0 when there are no items). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** True when both are finite numbers within WGS84 range (a marker can be drawn). */
export function isValidPosition(lat: unknown, lng: unknown): lat is number {
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/** The first image of post HTML (issue #18 card thumbnail): its `src` (only our `/uploads/…` and http(s) images), or null. */
export function firstImageSrc(html: string): string | null {
  const match = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(html);
  const src = (match?.[1] ?? match?.[2] ?? '').replace(/&amp;/g, '&').trim();
  return /^(\/uploads\/|https?:\/\/)/i.test(src) ? src : null;
}

/** The search text as it goes to `GET /api/board?q=` (issue #18): trimmed, at most 100 characters. */
export function searchText(raw: string | undefined): string {
  return [...(raw ?? '').trim()].slice(0, 100).join('');
}
