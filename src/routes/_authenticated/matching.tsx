import { createFileRoute } from '@tanstack/react-router';
import { MatchingPage } from '@/features/matching/components/matching-page';
import { useSession } from '@/lib/session/store';

export const Route = createFileRoute('/_authenticated/matching')({
  component: Matching,
});

function Matching() {
  const myId = useSession((s) => s.user?.id ?? null);
  return <MatchingPage myId={myId} />;
}
