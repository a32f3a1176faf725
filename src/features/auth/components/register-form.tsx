import type { FormEvent } from 'react';
import { CODE_LENGTH, NAME_MAX, PASSWORD_MAX } from '@common/domain/account';
import { ko } from '@/i18n/ko';
import { useRegisterFlow } from '../hooks/use-register-flow';
import { TextField } from './text-field';

interface RegisterFormProps {
  onBackToLogin: () => void;
  onRegistered: () => void;
}

export function RegisterForm({ onBackToLogin, onRegistered }: RegisterFormProps) {
  const flow = useRegisterFlow(onRegistered);
  const { fields } = flow;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (flow.pending === null) void flow.submit();
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <TextField label={ko.auth.name} autoComplete="name" maxLength={NAME_MAX} value={fields.name} onChange={(e) => flow.setName(e.target.value)} />
      <TextField
        label={ko.auth.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={fields.email}
        readOnly={flow.codeSent}
        aria-readonly={flow.codeSent}
        onChange={(e) => flow.setEmail(e.target.value)}
        action={
          <button type="button" className="btn btn--secondary" disabled={flow.codeSent || flow.pending === 'send'} onClick={() => void flow.sendCode()}>
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
          value={fields.code}
          onChange={(e) => flow.setCode(e.target.value.replace(/\D/g, ''))}
          action={
            <button type="button" className="btn btn--secondary" disabled={flow.pending === 'verify'} onClick={() => void flow.confirmCode()}>
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
        value={fields.password}
        onChange={(e) => flow.setPassword(e.target.value)}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={!flow.verified || flow.pending === 'submit'}>
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
