/**
 * Featured member reviews for the home carousel (SPEC §1, §3 Featured review; issue #5).
 * The rule of ./rank.ts picks and orders the candidates; when a model is configured
 * (`AI_BASE_URL`, `AI_API_KEY`, `AI_MODEL`) it chooses and orders at most 12 among the rule's top
 * `AI_CANDIDATES` (./ai.ts), and any failure falls back to the rule. The answer is cached for
 * `ttlMs` (default 5 minutes) and dropped whenever a review is created or deleted (`invalidate`).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FeaturedReview } from '../../../common/api/featured.ts';
import { reviews, users } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';
import { chooseWithModel, type AiConfig } from './ai.ts';
import { FEATURED_LIMIT, rankFeaturedReviews, type ReviewCandidate } from './rank.ts';

/** How many of the rule's candidates the model may choose from. */
export const AI_CANDIDATES = 24;
/** Default cache lifetime of the answer (ms). */
export const FEATURED_CACHE_MS = 5 * 60 * 1000;
/** How many stored reviews (newest first) the rule looks at. */
const SCAN_LIMIT = 500;

/** Options of `createFeaturedService`. */
export interface FeaturedDeps {
  /** The stored, not deleted reviews (any order). */
  loadReviews: () => Promise<ReviewCandidate[]>;
  /** The model, when configured. */
  ai?: AiConfig;
  /** Time limit of one model call (ms; default 3000). */
  aiTimeoutMs?: number;
  /** Cache lifetime (ms; default 5 minutes; 0 = no cache). */
  ttlMs?: number;
  /** Current time in ms (default `Date.now`). */
  nowMs?: () => number;
  fetchFn?: typeof fetch;
}

/** The stored, not deleted reviews the rule looks at (the newest `SCAN_LIMIT`), with their reviewers. */
export function reviewCandidatesFrom(db: Database): () => Promise<ReviewCandidate[]> {
  return () =>
    db
      .select({
        id: reviews.id,
        reviewerId: reviews.reviewerId,
        reviewerName: users.name,
        reviewerProfileImage: users.profileImage,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.reviewerId))
      .where(and(isNull(reviews.deletedAt), isNull(reviews.hiddenAt)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(SCAN_LIMIT);
}

/** Builds the featured-reviews service. */
export function createFeaturedService(deps: FeaturedDeps) {
  const nowMs = deps.nowMs ?? Date.now;
  const ttlMs = deps.ttlMs ?? FEATURED_CACHE_MS;
  let cache: { at: number; value: Promise<FeaturedReview[]> } | null = null;

  async function compute(): Promise<FeaturedReview[]> {
    const ranked = rankFeaturedReviews(await deps.loadReviews(), deps.ai ? AI_CANDIDATES : FEATURED_LIMIT);
    let chosen = ranked.slice(0, FEATURED_LIMIT);
    if (deps.ai && ranked.length > 0) {
      const ids = await chooseWithModel(
        deps.ai,
        ranked.map((r) => ({ id: r.id, rating: r.rating, comment: r.comment.trim() })),
        { max: FEATURED_LIMIT, timeoutMs: deps.aiTimeoutMs ?? 3000, fetchFn: deps.fetchFn },
      );
      if (ids) {
        const byId = new Map(ranked.map((r) => [r.id, r]));
        chosen = ids.map((id) => byId.get(id)!);
      }
    }
    return chosen.map((r) => ({ reviewerName: r.reviewerName, reviewerProfileImage: r.reviewerProfileImage, rating: r.rating, comment: r.comment.trim() }));
  }

  return {
    /** Reviews worth recommending, best first, at most 12 (cached). */
    list(): Promise<FeaturedReview[]> {
      if (cache && nowMs() - cache.at < ttlMs) return cache.value;
      const entry = { at: nowMs(), value: compute() };
      cache = entry;
      // A failed computation is not kept.
      entry.value.catch(() => {
        if (cache === entry) cache = null;
      });
      return entry.value;
    },
    /** Drops the cached answer (a review was created or deleted). */
    invalidate(): void {
      cache = null;
    },
  };
}

/** The featured-reviews service. */
export type FeaturedService = ReturnType<typeof createFeaturedService>;
