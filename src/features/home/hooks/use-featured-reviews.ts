import { useEffect, useState } from 'react';
import type { FeaturedReview } from '@common/api/featured';
import { getFeaturedReviews } from '../api/get-featured-reviews';

export type FeaturedState = { status: 'loading' } | { status: 'ready'; reviews: FeaturedReview[] };

/** Loads the featured reviews once; a failure shows as the empty state. */
export function useFeaturedReviews(): FeaturedState {
  const [state, setState] = useState<FeaturedState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getFeaturedReviews(controller.signal)
      .then((reviews) => setState({ status: 'ready', reviews }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('featured reviews failed to load', error);
        setState({ status: 'ready', reviews: [] });
      });
    return () => controller.abort();
  }, []);
  return state;
}
