import { useForm, Controller } from 'react-hook-form';
import { consentMissingMessage, missingConsents } from '@common/domain/legal';
import { ConsentChecklist, NO_CONSENT, type ConsentValues } from '@/shared/components/consent-checklist';
import { toast } from '@/components/ui/feedback-store';
import { ko } from '@/i18n/ko';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session/store';
import { useGiveConsent } from '../api/use-give-consent';

/**
 * The consent step (issue #17 item 1): a member who signed up with a social login, or whose consent
 * is for an older version of the terms, agrees here before anything else (the route guard keeps them
 * on /consent). On success the session's member no longer needs it and `onDone` moves on.
 */
export function ConsentStep({ onDone }: { onDone: () => void }) {
  const setUser = useSession((s) => s.setUser);
  const form = useForm<{ consents: ConsentValues }>({ defaultValues: { consents: NO_CONSENT } });
  const save = useGiveConsent({
    onSuccess: (user) => {
      setUser(user);
      onDone();
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'CONSENT_REQUIRED') form.setError('consents', { type: 'server', message: error.message });
      else toast.error(ko.consent.failed);
    },
  });

  const submit = form.handleSubmit(({ consents }) => {
    const missing = missingConsents(consents);
    if (missing.length > 0) {
      form.setError('consents', { type: 'required', message: consentMissingMessage(missing) });
      return;
    }
    save.mutate(consents);
  });

  return (
    <div className="page consent-step">
      <h1 className="page-heading">{ko.consent.stepTitle}</h1>
      <p>{ko.consent.stepLead}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="auth-form">
        <Controller
          control={form.control}
          name="consents"
          render={({ field, fieldState }) => (
            <ConsentChecklist
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
                form.clearErrors('consents');
              }}
              error={fieldState.error?.message}
              disabled={save.isPending}
            />
          )}
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={save.isPending} aria-busy={save.isPending}>
          {ko.consent.stepSubmit}
        </button>
      </form>
    </div>
  );
}
