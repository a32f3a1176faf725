import { useState } from 'react';
import { ko } from '@/i18n/ko';
import { toast } from '@/components/ui/feedback-store';
import { useSession } from '@/lib/session/store';
import { register } from '../api/register';
import { sendVerificationEmail } from '../api/send-verification-email';
import { verifyEmail } from '../api/verify-email';
import { registerErrorMessage, sendCodeErrorMessage, verifyErrorMessage } from '../messages';

/**
 * Registration (SPEC §4): unverified → code sent (email locked, send disabled) → verified
 * (submit enabled) → registered (the new member goes to profile setup).
 */
export function useRegisterFlow(onRegistered: () => void) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [verified, setVerified] = useState(false);
  const [pending, setPending] = useState<null | 'send' | 'verify' | 'submit'>(null);
  const signIn = useSession((s) => s.signIn);

  async function sendCode() {
    if (!email.trim()) {
      toast.error(ko.auth.enterEmailFirst);
      return;
    }
    setPending('send');
    try {
      await sendVerificationEmail({ email: email.trim() });
      setCodeSent(true);
      toast.info(ko.auth.codeSent);
    } catch (error) {
      toast.error(sendCodeErrorMessage(error));
    } finally {
      setPending(null);
    }
  }

  async function confirmCode() {
    if (!code.trim()) {
      toast.error(ko.auth.enterCode);
      return;
    }
    setPending('verify');
    try {
      await verifyEmail({ email: email.trim(), code: code.trim() });
      setVerified(true);
    } catch (error) {
      toast.error(verifyErrorMessage(error));
    } finally {
      setPending(null);
    }
  }

  async function submit() {
    if (!verified) {
      toast.error(ko.auth.verifyFirst);
      return;
    }
    if (!name.trim() || !email.trim() || !password) {
      toast.error(ko.auth.fillAll);
      return;
    }
    setPending('submit');
    try {
      const { accessToken, ...user } = await register({ name: name.trim(), email: email.trim(), password });
      if (!accessToken) {
        console.error('register: the answer holds no access token');
        return;
      }
      signIn({ token: accessToken, user, remember: false });
      onRegistered();
    } catch (error) {
      toast.error(registerErrorMessage(error));
    } finally {
      setPending(null);
    }
  }

  return {
    fields: { name, email, code, password },
    setName,
    setEmail,
    setCode,
    setPassword,
    codeSent,
    verified,
    pending,
    sendCode,
    confirmCode,
    submit,
  };
}
