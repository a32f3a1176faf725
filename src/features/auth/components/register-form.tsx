import { Controller } from 'react-hook-form';
import { CODE_LENGTH, NAME_MAX, PASSWORD_MAX } from '@common/domain/account';
import { ConsentChecklist } from '@/shared/components/consent-checklist';
import { ko } from '@/i18n/ko';
import { useRegisterFlow } from '../hooks/use-register-flow';
import { TextField } from './text-field';

interface RegisterFormProps {
  onBackToLogin: () => void;
  onRegistered: () => void;
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
          <button type="button" className="btn btn--secondary" disabled={flow.codeSent || flow.pending === 'send'} aria-busy={flow.pending === 'send'} onClick={() => void flow.sendCode()}>
            {ko.auth.sendCode}
          </button>
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
