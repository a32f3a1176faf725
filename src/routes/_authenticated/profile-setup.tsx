import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SetupWizard } from '@/features/profile/components/setup-wizard';

export const Route = createFileRoute('/_authenticated/profile-setup')({
  component: ProfileSetup,
});

function ProfileSetup() {
  const navigate = useNavigate();
  return <SetupWizard onDone={() => void navigate({ to: '/', replace: true })} />;
}
