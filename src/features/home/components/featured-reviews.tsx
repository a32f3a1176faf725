import { useFeaturedReviews } from '../hooks/use-featured-reviews';
import { ReviewCarousel } from './review-carousel';

/**
 * The featured reviews' carousel with its query. Its own module, loaded by the home page after its
 * hero (issue #33 item 2): the query's operation brings the API schemas, which the first paint of
 * `/` does not wait for.
 */
export function FeaturedReviews() {
  const featured = useFeaturedReviews();
  return <ReviewCarousel reviews={featured.status === 'loading' ? null : featured.reviews} />;
}
