import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ProfileEdit } from '@/features/profile/components/profile-edit';
import { useSession } from '@/lib/session/store';
import { ko } from '@/i18n/ko';

export const Route = createFileRoute('/_authenticated/profile')({
  staticData: { title: ko.profile.heading },
  component: Profile,
});

function Profile() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  if (!user) return null;
  return <ProfileEdit key={user.id} user={user} onLeave={(to) => void navigate({ to })} />;
}
