/**
 * Paging of list endpoints (issue #19 item 1), without TypeBox so the client's first screen can
 * import it (issue #18 item 8). Every list answer stays a JSON array (SPEC §7); the page size is
 * `?limit=` and the position `?cursor=`; the next page's address is in the answer's
 * `Link: <…>; rel="next"` header (RFC 8288), absent on the last page.
 */

/** Items per page when `?limit=` is absent. */
export const PAGE_DEFAULT = 20;
/** The most items one page holds; a larger `?limit=` is answered with this many (not refused). */
export const PAGE_MAX = 100;
/** Longest accepted `?cursor=` (characters); longer → 400 INVALID_CURSOR. */
export const CURSOR_MAX_LENGTH = 512;

/**
 * The target of the `rel="next"` link in a `Link` header value, or null when there is none.
 * Handles several comma-separated links and quoted or unquoted `rel` (RFC 8288 §3).
 */
export function nextLinkTarget(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!match) continue;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2]!);
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (rels.includes('next')) return match[1]!;
  }
  return null;
}

/** The `cursor` query parameter of the `rel="next"` link, or null when there is no next page. */
export function nextCursor(header: string | null | undefined): string | null {
  const target = nextLinkTarget(header);
  if (target === null) return null;
  return new URL(target, 'http://x').searchParams.get('cursor');
}
