import { Controller } from 'react-hook-form';
import { CODE_LENGTH, NAME_MAX, PASSWORD_MAX, RESEND_AFTER_SECONDS } from '@common/domain/account';
import { ConsentChecklist } from '@/shared/components/consent-checklist';
import { format, ko } from '@/i18n/ko';
import { useNow } from '@/lib/use-now';
import { useRegisterFlow } from '../hooks/use-register-flow';
import { TextField } from './text-field';

interface RegisterFormProps {
  onBackToLogin: () => void;
  onRegistered: () => void;
}

/**
 * 인증번호 재전송 (issue #31 item 6): disabled with its countdown ("42초 후 재전송") until
 * `RESEND_AFTER_SECONDS` have passed since `sentAt` (epoch ms); its own one-second clock, so the
 * form does not re-render every second.
 */
function ResendButton({ sentAt, busy, disabled, onResend }: { sentAt: number; busy: boolean; disabled: boolean; onResend: () => void }) {
  const now = useNow(1000).getTime();
  const seconds = Math.max(0, RESEND_AFTER_SECONDS - Math.floor((now - sentAt) / 1000));
  return (
    <div className="auth-form__resend">
      <button type="button" className="btn btn--link" disabled={disabled || seconds > 0} aria-busy={busy} onClick={onResend}>
        {seconds > 0 ? format(ko.auth.resendIn, { seconds }) : ko.auth.resend}
      </button>
    </div>
  );
}

export function RegisterForm({ onBackToLogin, onRegistered }: RegisterFormProps) {
  const flow = useRegisterFlow(onRegistered);
  const {
    register,
    formState: { errors },
  } = flow.form;
  const digitsOnly = register('code', { setValueAs: (v: string) => v.replace(/\D/g, '') });

  return (
    <form className="auth-form" onSubmit={(e) => void flow.submit(e)} noValidate>
      <TextField label={ko.auth.name} autoComplete="name" maxLength={NAME_MAX} error={errors.name?.message} {...register('name')} />
      <TextField
        label={ko.auth.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        readOnly={flow.codeSent}
        aria-readonly={flow.codeSent}
        error={errors.email?.message}
        {...register('email')}
        onKeyDown={(e) => {
          // Enter in the e-mail field sends the code (가입하기 waits for the verification).
          if (e.key === 'Enter' && !flow.codeSent) {
            e.preventDefault();
            void flow.sendCode();
          }
        }}
        action={
          flow.codeSent ? (
            // Issue #31 item 6: a typo is fixed here, without starting over.
            <button type="button" className="btn btn--secondary" disabled={flow.pending !== null} onClick={flow.changeEmail}>
              {ko.auth.changeEmail}
            </button>
          ) : (
            <button type="button" className="btn btn--secondary" disabled={flow.pending === 'send'} aria-busy={flow.pending === 'send'} onClick={() => void flow.sendCode()}>
              {ko.auth.sendCode}
            </button>
          )
        }
      />
      {flow.codeSent && !flow.verified && (
        <TextField
          label={ko.auth.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          error={errors.code?.message}
          {...digitsOnly}
          onKeyDown={(e) => {
            // Enter in the code field confirms the code (the form's submit is for 가입하기).
            if (e.key === 'Enter') {
              e.preventDefault();
              void flow.confirmCode();
            }
          }}
          action={
            <button type="button" className="btn btn--secondary" disabled={flow.pending === 'verify'} aria-busy={flow.pending === 'verify'} onClick={() => void flow.confirmCode()}>
              {ko.auth.confirmCode}
            </button>
          }
        />
      )}
      {flow.codeSent && !flow.verified && flow.sentAt !== null && (
        <ResendButton sentAt={flow.sentAt} busy={flow.pending === 'send'} disabled={flow.pending !== null} onResend={() => void flow.sendCode()} />
      )}
      <div role="status" className="auth-form__status">
        {flow.verified && <p className="success-note">{ko.auth.verified}</p>}
      </div>
      <TextField
        label={ko.auth.password}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        hint={ko.auth.passwordHint}
        error={errors.password?.message}
        {...register('password')}
      />
      <Controller
        control={flow.form.control}
        name="consents"
        render={({ field, fieldState }) => (
          <ConsentChecklist
            value={field.value}
            onChange={(next) => {
              field.onChange(next);
              flow.form.clearErrors('consents');
            }}
            error={fieldState.error?.message}
          />
        )}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={!flow.verified || flow.submitting} aria-busy={flow.submitting}>
        {ko.auth.submitRegister}
      </button>
      <div className="auth-form__links">
        <button type="button" className="btn btn--link" onClick={onBackToLogin}>
          {ko.auth.backToLogin}
        </button>
      </div>
    </form>
  );
}
