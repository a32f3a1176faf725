import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ConsentStep } from '@/features/legal/components/consent-step';
import { ko } from '@/i18n/shell';

/**
 * The consent step (issue #17 item 1). The root guard sends a member who must agree here from any
 * page, and sends everyone else away (a visitor to the login, a member who agreed to /).
 */
export const Route = createFileRoute('/consent')({
  staticData: { title: ko.consent.stepTitle },
  component: Consent,
});

function Consent() {
  const navigate = useNavigate();
  // A new member goes on to the setup wizard (the guard decides from /).
  return <ConsentStep onDone={() => void navigate({ to: '/', replace: true })} />;
}
