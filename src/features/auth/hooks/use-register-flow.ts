import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ko } from '@/i18n/ko';
import { toast } from '@/components/ui/feedback-store';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldError } from '@/lib/forms/korean-resolver';
import { useSession } from '@/lib/session/store';
import { NO_CONSENT } from '@/shared/components/consent-checklist';
import { consentMissingMessage, missingConsents } from '@common/domain/legal';
import { register as registerAccount } from '../api/register';
import { sendVerificationEmail } from '../api/send-verification-email';
import { verifyEmail } from '../api/verify-email';
import { registerResolver, type RegisterValues } from '../forms';
import { registerErrorMessage, sendCodeErrorMessage, verifyErrorMessage } from '../messages';

const FIELDS = ['name', 'email', 'code', 'password'] as const;

/** The codes the server answers for a wrong or used-up verification code: shown on the code field. */
const CODE_ERRORS = new Set(['CODE_MISMATCH', 'CODE_LOCKED']);

/**
 * Registration (SPEC §4): unverified → code sent (email locked, send disabled) → verified
 * (submit enabled) → registered (the new member goes to profile setup). One react-hook-form form
 * (issue #14): each action checks only its own fields (`trigger`), errors sit under their field.
 * Issue #31 item 6: after the code is sent, `changeEmail` unlocks the e-mail (a typo is fixed
 * without starting over: the code and any verification are dropped), and the code can be sent
 * again `RESEND_AFTER_SECONDS` after the last send (`sentAt`, epoch ms).
 */
export function useRegisterFlow(onRegistered: () => void) {
  const form = useForm<RegisterValues>({ resolver: registerResolver, defaultValues: { name: '', email: '', code: '', password: '', consents: NO_CONSENT } });
  const [codeSent, setCodeSent] = useState(false);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [verified, setVerified] = useState(false);
  const [pending, setPending] = useState<null | 'send' | 'verify'>(null);
  const signIn = useSession((s) => s.signIn);
  const { getValues, setError, setFocus, setValue, clearErrors, trigger } = form;

  /** A server 400 naming a field lands on it, focused (applyServerFieldError). */
  const onServerField = (name: never, error: { type: string; message: string }) => setError(name, error, { shouldFocus: true });

  async function sendCode() {
    if (pending) return;
    if (!(await trigger('email', { shouldFocus: true }))) return;
    setPending('send');
    try {
      await sendVerificationEmail({ email: getValues('email').trim() });
      toast.info(codeSent ? ko.auth.resent : ko.auth.codeSent);
      setCodeSent(true);
      setSentAt(Date.now());
    } catch (error) {
      if (!applyServerFieldError(error, ['email'], onServerField)) toast.error(sendCodeErrorMessage(error));
    } finally {
      setPending(null);
    }
  }

  /** 이메일 변경: the e-mail is editable again (focused); the sent code and any verification are dropped. */
  function changeEmail() {
    if (pending) return;
    setCodeSent(false);
    setVerified(false);
    setSentAt(null);
    setValue('code', '');
    clearErrors('code');
    // After the field is writable again (next render).
    setTimeout(() => setFocus('email'), 0);
  }

  async function confirmCode() {
    if (pending) return;
    if (!(await trigger('code', { shouldFocus: true }))) return;
    setPending('verify');
    try {
      await verifyEmail({ email: getValues('email').trim(), code: getValues('code').trim() });
      setVerified(true);
    } catch (error) {
      if (isApiError(error) && error.code && CODE_ERRORS.has(error.code)) {
        setError('code', { type: 'server', message: verifyErrorMessage(error) }, { shouldFocus: true });
      } else if (!applyServerFieldError(error, ['email', 'code'], onServerField)) {
        toast.error(verifyErrorMessage(error));
      }
    } finally {
      setPending(null);
    }
  }

  const submit = form.handleSubmit(async ({ name, email, password, consents }) => {
    if (!verified) {
      toast.error(ko.auth.verifyFirst);
      return;
    }
    // Issue #17: the three agreements, named as the server names them when one is missing.
    const missing = missingConsents(consents);
    if (missing.length > 0) {
      setError('consents', { type: 'required', message: consentMissingMessage(missing) });
      return;
    }
    try {
      const { accessToken, ...user } = await registerAccount({ name: name.trim(), email: email.trim(), password, ...consents });
      if (!accessToken) {
        console.error('register: the answer holds no access token');
        return;
      }
      signIn({ token: accessToken, user, remember: false });
      onRegistered();
    } catch (error) {
      if (isApiError(error) && error.code === 'CONSENT_REQUIRED') setError('consents', { type: 'server', message: error.message });
      else if (!applyServerFieldError(error, FIELDS, onServerField)) toast.error(registerErrorMessage(error));
    }
  });

  return { form, codeSent, sentAt, verified, pending, submitting: form.formState.isSubmitting, sendCode, changeEmail, confirmCode, submit };
}
