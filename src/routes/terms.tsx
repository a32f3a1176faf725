import { createFileRoute } from '@tanstack/react-router';
import { TERMS_VERSION } from '@common/domain/legal';
import { LegalDocument } from '@/features/legal/components/legal-document';
import { TERMS } from '@/features/legal/texts';
import { ko } from '@/i18n/shell';

/** 이용약관 (issue #17 item 1): public, linked from the footer, the sign-up form and the consent step. */
export const Route = createFileRoute('/terms')({
  staticData: { title: ko.legal.termsTitle },
  component: () => <LegalDocument title={ko.legal.termsTitle} version={TERMS_VERSION} sections={TERMS} />,
});
