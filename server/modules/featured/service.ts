/**
 * Featured member reviews for the home carousel (SPEC §1, §3 Featured review).
 * Reviews arrive with a later issue; until then there is nothing to feature.
 */
import type { FeaturedReview } from '../../../common/api/featured.ts';

/** Builds the featured-reviews service. */
export function createFeaturedService() {
  return {
    /** Reviews worth recommending, best first. Empty until reviews exist. */
    async list(): Promise<FeaturedReview[]> {
      return [];
    },
  };
}
