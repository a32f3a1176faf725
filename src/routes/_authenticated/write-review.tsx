import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { matchQueryOptions } from '@/features/reviews/api/reviews';
import { WriteReviewPage } from '@/features/reviews/components/write-review-page';
import { ko } from '@/i18n/shell';

/** `?matchId=` makes a reload or deep link work without navigation state (positive integers only). */
export interface WriteReviewSearch {
  matchId?: number;
}

/** 리뷰 작성 (SPEC §2): opponent and matchId from navigation state, else looked up by `?matchId=`. */
export const Route = createFileRoute('/_authenticated/write-review')({
  validateSearch: (search: Record<string, unknown>): WriteReviewSearch => {
    const n = Number(search.matchId);
    return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? { matchId: n } : {};
  },
  // The page renders with the match being reviewed (issue #14; GET /api/matches/{id}, issue #19) — also when opened
  // from the activity page with navigation state: the match says whether the attendance question comes first, so the
  // page's first Tab stop is there when its heading takes focus. A failed load shows the page's error state.
  loaderDeps: ({ search }) => ({ matchId: search.matchId }),
  loader: ({ context, deps, location }) => {
    const matchId = deps.matchId ?? (typeof location.state.matchId === 'number' ? location.state.matchId : undefined);
    if (matchId === undefined) return;
    return Promise.allSettled([context.queryClient.ensureQueryData(matchQueryOptions(matchId))]).then(() => undefined);
  },
  staticData: { title: ko.reviews.write },
  component: WriteReview,
});

function WriteReview() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const { opponent, matchId, navKey } = useLocation({
    select: (l) => ({ opponent: l.state.opponent, matchId: l.state.matchId, navKey: l.state.__TSR_key ?? l.href }),
  });
  const target = opponent && typeof matchId === 'number' ? { opponent, matchId } : null;
  return (
    <WriteReviewPage
      key={navKey}
      target={target}
      lookupMatchId={search.matchId}
      onDone={() => void navigate({ to: '/match-requests' })}
    />
  );
}
