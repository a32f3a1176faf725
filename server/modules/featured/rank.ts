/**
 * The featured-review rule (SPEC §1 home carousel, §3 Featured review; issue #5): which member
 * reviews are worth showing on the home page, as a pure function of the stored reviews.
 *
 * A review is a candidate when ALL of these hold:
 * 1. its rating is at least `FEATURED_MIN_RATING` (4);
 * 2. its comment, trimmed, has at least `FEATURED_MIN_COMMENT` (15) characters;
 * 3. its comment carries no contact details: no e-mail address, no link (`http(s)://`, `www.`,
 *    a bare `name.com`/`name.kr`-like domain) and no phone number (Korean formats such as
 *    `010-1234-5678`, `01012345678`, `+82 10 1234 5678`, `02-123-4567` — any run of 9 or more
 *    digits, separators allowed);
 * 4. it is not a repeat: no OLDER review (of any rating) has the same normalised comment
 *    (Unicode NFKC, lower case, whitespace and punctuation removed);
 * 5. it is its reviewer's newest candidate (at most one per reviewer).
 * Candidates are ordered newer first (`createdAt`, then `id`, descending); the carousel shows at
 * most `FEATURED_LIMIT` (12). Deleted reviews never reach this function.
 */

/** A stored review as the rule sees it. */
export interface ReviewCandidate {
  id: number;
  reviewerId: number;
  reviewerName: string;
  reviewerProfileImage: string | null;
  rating: number;
  comment: string;
  createdAt: Date;
}

export const FEATURED_MIN_RATING = 4;
export const FEATURED_MIN_COMMENT = 15;
export const FEATURED_LIMIT = 12;

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;
const LINK = /(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+/i;
const BARE_DOMAIN = /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|kr|io|me|ly|gl|co|app|dev|shop|info|biz|xyz|site|link|to)\b/i;
/** 9 or more digits in one run, with spaces, dots, dashes, brackets or a leading + between them. */
const PHONE = /\+?(?:\d[\s.\-()]{0,3}){8,}\d/;

/** Whether `text` contains an e-mail address, a link or a phone number (rule 3). */
export function hasContactDetails(text: string): boolean {
  const t = text.normalize('NFKC');
  return EMAIL.test(t) || LINK.test(t) || BARE_DOMAIN.test(t) || PHONE.test(t);
}

/** The form two comments are compared in (rule 4): NFKC, lower case, no whitespace or punctuation. */
export function normaliseComment(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** The length of `text` in characters (code points), trimmed. */
function charLength(text: string): number {
  return [...text.trim()].length;
}

const newerFirst = (a: ReviewCandidate, b: ReviewCandidate) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

/**
 * Applies the rule to `reviews` (any order): the candidates, newer first, at most `limit`
 * (default `FEATURED_LIMIT`; pass `Infinity` for all of them).
 */
export function rankFeaturedReviews(reviews: readonly ReviewCandidate[], limit = FEATURED_LIMIT): ReviewCandidate[] {
  // Rule 4 needs chronological order: the first review with a text keeps it.
  const seen = new Set<string>();
  const original = new Set<number>();
  for (const r of [...reviews].sort(newerFirst).reverse()) {
    const key = normaliseComment(r.comment);
    if (key !== '' && seen.has(key)) continue;
    seen.add(key);
    original.add(r.id);
  }
  const reviewers = new Set<number>();
  const out: ReviewCandidate[] = [];
  for (const r of [...reviews].sort(newerFirst)) {
    if (out.length >= limit) break;
    if (r.rating < FEATURED_MIN_RATING) continue;
    if (charLength(r.comment) < FEATURED_MIN_COMMENT) continue;
    if (hasContactDetails(r.comment)) continue;
    if (!original.has(r.id)) continue;
    if (reviewers.has(r.reviewerId)) continue;
    reviewers.add(r.reviewerId);
    out.push(r);
  }
  return out;
}
