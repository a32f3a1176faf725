import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { QueryState } from '@/components/ui/load-state';
import { meQuery } from '@/shared/api/me';
import { ProfileEdit } from '@/features/profile/components/profile-edit';
import { useSession } from '@/lib/session/store';
import { ko } from '@/i18n/shell';

export const Route = createFileRoute('/_authenticated/profile')({
  staticData: { title: ko.profile.heading },
  // The page renders with the member as the server has it (issue #14); a failed load shows the error state.
  loader: ({ context }) => context.queryClient.ensureQueryData(meQuery()).catch(() => undefined),
  component: Profile,
});

function Profile() {
  const signedIn = useSession((s) => s.user !== null);
  const me = useQuery(meQuery());
  const navigate = useNavigate();
  if (!signedIn) return null;
  if (!me.data) {
    return (
      <section className="profile-edit">
        <h1>{ko.profile.heading}</h1>
        <QueryState query={me} rows={4} />
      </section>
    );
  }
  return <ProfileEdit key={me.data.id} user={me.data} onLeave={(to) => void navigate({ to })} />;
}
