import { useQuery } from '@tanstack/react-query';
import { format, ko } from '@/i18n/ko';
import { legalQuery } from '../api/get-legal-info';
import type { LegalSection } from '../texts';

interface LegalDocumentProps {
  title: string;
  /** The version date (YYYY-MM-DD) the text carries (common/domain/legal.ts). */
  version: string;
  sections: readonly LegalSection[];
}

/** "2026년 11월 26일" of a `YYYY-MM-DD` date (issue #31: a Korean date, not the ISO text). */
function yearMonthDay(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return format(ko.dates.yearMonthDay, { year: year ?? '', month: month ?? '', day: day ?? '' });
}

/**
 * /terms and /privacy (issue #17 item 1): the text with its version and the operator's contact
 * address from `GET /api/legal` (shown as "…" until it arrives; the text never waits for it).
 */
export function LegalDocument({ title, version, sections }: LegalDocumentProps) {
  const legal = useQuery(legalQuery());
  const contact = legal.data?.contactEmail;
  return (
    <article className="page legal">
      <h1 className="page-heading">{title}</h1>
      <p className="legal__version">{format(ko.legal.version, { date: yearMonthDay(version) })}</p>
      {sections.map((section) => (
        <section key={section.heading} className="legal__section">
          <h2>{section.heading}</h2>
          {section.paragraphs.map((p) => {
            const [before, after] = p.split('{contact}');
            return (
              <p key={p}>
                {before}
                {after !== undefined && (contact ? <a href={`mailto:${contact}`}>{contact}</a> : '…')}
                {after}
              </p>
            );
          })}
        </section>
      ))}
    </article>
  );
}
