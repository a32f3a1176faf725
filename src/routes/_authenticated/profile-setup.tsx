import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SetupWizard } from '@/features/profile/components/setup-wizard';
import { ko } from '@/i18n/shell';

export const Route = createFileRoute('/_authenticated/profile-setup')({
  staticData: { title: ko.setup.heading },
  component: ProfileSetup,
});

function ProfileSetup() {
  const navigate = useNavigate();
  return <SetupWizard onDone={() => void navigate({ to: '/', replace: true })} />;
}
