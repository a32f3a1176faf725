/**
 * The three required agreements of issue #17 item 1 (UI-TEXT.md "Consent"), with 전체 동의: used by
 * the sign-up form and by the consent step of members who signed up with a social login or whose
 * consent is for an older version. Each item links its text (/terms, /privacy) in a new tab, so
 * reading it never loses what was typed. Controlled: the parent keeps the values (react-hook-form).
 */
import { useId } from 'react';
import { CONSENT_ITEMS, type ConsentField } from '@common/domain/legal';
import { ko } from '@/i18n/ko';

/** The values of the three agreements. */
export type ConsentValues = Record<ConsentField, boolean>;

/** All three unticked. */
export const NO_CONSENT: ConsentValues = { agreeTerms: false, agreePrivacy: false, ageConfirmed: false };

/** Where each item's text is (none for the age). */
const LINKS: Partial<Record<ConsentField, string>> = { agreeTerms: '/terms', agreePrivacy: '/privacy' };
/** The labels as UI-TEXT.md words them. */
const LABELS: Record<ConsentField, string> = {
  agreeTerms: ko.consent.terms,
  agreePrivacy: ko.consent.privacy,
  ageConfirmed: ko.consent.age,
};

interface ConsentChecklistProps {
  value: ConsentValues;
  onChange: (next: ConsentValues) => void;
  /** What is still missing, shown under the list (role=alert) after a submit. */
  error?: string;
  disabled?: boolean;
}

/** A fieldset of 전체 동의 and the three required checkboxes. */
export function ConsentChecklist({ value, onChange, error, disabled }: ConsentChecklistProps) {
  const id = useId();
  const all = CONSENT_ITEMS.every((item) => value[item.field]);
  const errorId = `${id}-error`;
  return (
    <fieldset className="consent" aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="consent__legend">{ko.consent.legend}</legend>
      <div className="checkbox consent__all">
        <input
          id={`${id}-all`}
          type="checkbox"
          checked={all}
          onChange={(e) => onChange({ agreeTerms: e.target.checked, agreePrivacy: e.target.checked, ageConfirmed: e.target.checked })}
        />
        <label htmlFor={`${id}-all`}>{ko.consent.all}</label>
      </div>
      <ul className="consent__items">
        {CONSENT_ITEMS.map(({ field }) => (
          <li key={field} className="checkbox">
            <input
              id={`${id}-${field}`}
              type="checkbox"
              checked={value[field]}
              aria-invalid={Boolean(error) && !value[field]}
              onChange={(e) => onChange({ ...value, [field]: e.target.checked })}
            />
            <label htmlFor={`${id}-${field}`}>{LABELS[field]}</label>
            {LINKS[field] && (
              <a className="consent__link" href={LINKS[field]} target="_blank" rel="noopener" aria-label={field === 'ageConfirmed' ? undefined : ko.consent.viewLabel[field]}>
                {ko.consent.view}
              </a>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
