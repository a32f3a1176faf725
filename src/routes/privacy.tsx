import { createFileRoute } from '@tanstack/react-router';
import { PRIVACY_VERSION } from '@common/domain/legal';
import { LegalDocument } from '@/features/legal/components/legal-document';
import { PRIVACY } from '@/features/legal/texts';
import { ko } from '@/i18n/shell';

/** 개인정보 처리방침 (issue #17 item 1): public, linked from the footer, the sign-up form and the consent step. */
export const Route = createFileRoute('/privacy')({
  staticData: { title: ko.legal.privacyTitle },
  component: () => <LegalDocument title={ko.legal.privacyTitle} version={PRIVACY_VERSION} sections={PRIVACY} />,
});
