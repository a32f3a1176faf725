import { lazy, Suspense, type ReactNode } from 'react';
import { ko } from '@/i18n/home';
import { CalendarIcon, ChatIcon, MatchIcon } from './feature-icons';
import { ReviewCarousel } from './review-carousel';
import { UpcomingPreviewSkeleton } from './upcoming-preview-skeleton';
import './home.css';

// Issue #33 item 2: the hero and the features paint with this chunk; the two sections that call the
// API (their operations bring the TypeBox schemas and the error catalogue) load beside it and fill in.
const UpcomingPreview = lazy(() => import('./upcoming-preview').then((m) => ({ default: m.UpcomingPreview })));
const FeaturedReviews = lazy(() => import('./featured-reviews').then((m) => ({ default: m.FeaturedReviews })));

const FEATURES = [
  { Icon: MatchIcon, title: ko.home.featureSmartMatching, description: ko.home.featureSmartMatchingDesc },
  { Icon: CalendarIcon, title: ko.home.featureSchedule, description: ko.home.featureScheduleDesc },
  { Icon: ChatIcon, title: ko.home.featureCommunity, description: ko.home.featureCommunityDesc },
] as const;

interface HomePageProps {
  /** The hero's two links ("매칭하기", "일정 만들기"), rendered by the route. */
  actions: ReactNode;
  /** Visitors see the upcoming meals before signing up (issue #31 item 2). */
  showPreview?: boolean;
}

export function HomePage({ actions, showPreview = false }: HomePageProps) {
  return (
    <div className="home">
      <section className="hero">
        <div className="hero__text">
          <h1 className="hero__title">{ko.home.heroTitle}</h1>
          <p className="hero__tagline">{ko.home.heroTagline}</p>
          <div className="hero__actions">{actions}</div>
        </div>
        <div className="hero__art" aria-hidden="true">
          <img src="/avatars/bear.svg" alt="" width={120} height={120} />
          <img src="/avatars/rabbit.svg" alt="" width={120} height={120} />
          <img src="/avatars/duck.svg" alt="" width={120} height={120} />
        </div>
      </section>

      {showPreview && (
        <Suspense fallback={<UpcomingPreviewSkeleton />}>
          <UpcomingPreview />
        </Suspense>
      )}

      <section className="features" aria-labelledby="features-heading">
        <h2 id="features-heading">{ko.home.featuresHeading}</h2>
        <ul className="features__list">
          {FEATURES.map((f) => (
            <li key={f.title} className="feature-card">
              <f.Icon />
              <h3>{f.title}</h3>
              <p>{f.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="reviews" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">{ko.home.reviewsHeading}</h2>
        <Suspense fallback={<ReviewCarousel reviews={null} />}>
          <FeaturedReviews />
        </Suspense>
      </section>
    </div>
  );
}
