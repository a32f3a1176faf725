import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session/store';
import { fakeJwt, jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { AuthCard } from './auth-card';
import { renderWithFeedback } from '@/test/render';
import { expectFieldError } from './field-error.test-helper';

function renderCard(onRegistered = vi.fn()) {
  renderWithFeedback(<AuthCard initialMode="register" onRegistered={onRegistered} />);
  return { user: userEvent.setup(), onRegistered };
}

describe('register flow (SPEC §4 registration)', () => {
  it('locks the e-mail after sending and enables sign-up only once verified', async () => {
    const register = vi.fn(() => jsonResponse({ accessToken: fakeJwt(Date.now() + 3_600_000), ...makeUser({ isNewUser: true }) }, 201));
    mockFetch({
      'POST /api/auth/send-verification-email': () => jsonResponse({ message: '인증번호를 보냈습니다.' }),
      'POST /api/auth/verify-email': (_u, init) =>
        JSON.parse(String(init?.body)).code === '123456' ? jsonResponse({ message: 'ok' }) : jsonResponse({ message: '인증번호가 올바르지 않습니다.', code: 'CODE_MISMATCH' }, 400),
      'POST /api/auth/register': register,
      'GET /api/auth/providers': () => jsonResponse({ providers: [] }),
    });
    const { user, onRegistered } = renderCard();
    const submit = screen.getByRole('button', { name: '가입하기' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.queryByLabelText('인증번호')).toBeNull();

    await user.click(screen.getByRole('button', { name: '인증번호 전송' }));
    await expectFieldError('이메일', '이메일을 먼저 입력해주세요.');
    expect(document.activeElement).toBe(screen.getByLabelText('이메일'));

    await user.type(screen.getByLabelText('이름'), '김밥상');
    await user.type(screen.getByLabelText('이메일'), 'bap@example.com');
    await user.click(screen.getByRole('button', { name: '인증번호 전송' }));

    const email = screen.getByLabelText('이메일') as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    // Issue #31 item 6: sending again is 인증번호 재전송 (after its countdown); the e-mail's button is 이메일 변경.
    expect(screen.queryByRole('button', { name: '인증번호 전송' })).toBeNull();
    expect(screen.getByRole('button', { name: '이메일 변경' })).toBeTruthy();
    expect(submit.disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: '인증 확인' }));
    await expectFieldError('인증번호', '인증번호를 입력해주세요.');

    await user.type(screen.getByLabelText('인증번호'), '000000');
    await user.click(screen.getByRole('button', { name: '인증 확인' }));
    await expectFieldError('인증번호', '인증번호가 올바르지 않아요.');
    expect(submit.disabled).toBe(true);

    await user.clear(screen.getByLabelText('인증번호'));
    await user.type(screen.getByLabelText('인증번호'), '123456');
    await user.click(screen.getByRole('button', { name: '인증 확인' }));
    expect(await screen.findByText('이메일 인증이 완료됐어요.')).toBeTruthy();
    expect(screen.queryByLabelText('인증번호')).toBeNull();
    expect(submit.disabled).toBe(false);

    await user.click(submit);
    await expectFieldError('비밀번호', '비밀번호는 8자 이상이어야 해요.');
    expect(document.activeElement).toBe(screen.getByLabelText('비밀번호'));
    expect(register).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('비밀번호'), 'short');
    await user.click(submit);
    await expectFieldError('비밀번호', '비밀번호는 8자 이상이어야 해요.');
    expect(register).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('비밀번호'));
    await user.type(screen.getByLabelText('비밀번호'), 'password123');
    expect(screen.getByLabelText('비밀번호').getAttribute('aria-invalid')).toBe('false');
    // Issue #17: nothing is sent without the three agreements; the form names what is missing.
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('필수 동의 항목을 확인해주세요: 이용약관 동의, 개인정보 수집·이용 동의, 만 14세 이상 확인');
    expect(register).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('[필수] 이용약관 동의'));
    await user.click(screen.getByLabelText('[필수] 개인정보 수집·이용 동의'));
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('필수 동의 항목을 확인해주세요: 만 14세 이상 확인');
    expect(register).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('전체 동의'));
    expect((screen.getByLabelText('[필수] 만 14세 이상이에요') as HTMLInputElement).checked).toBe(true);
    await user.click(submit);
    expect(register).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String((register.mock.calls[0] as unknown as [unknown, RequestInit])[1]?.body ?? '{}'))).toMatchObject({ agreeTerms: true, agreePrivacy: true, ageConfirmed: true });
    expect(onRegistered).toHaveBeenCalled();
    expect(useSession.getState().user?.isNewUser).toBe(true);
    expect(sessionStorage.length).toBe(1);
  }, 15_000);

  it('shows the send failure message', async () => {
    mockFetch({
      'POST /api/auth/send-verification-email': () => jsonResponse({ message: 'bad' }, 400),
      'GET /api/auth/providers': () => jsonResponse({ providers: [] }),
    });
    const { user } = renderCard();
    await user.type(screen.getByLabelText('이메일'), 'bap@example.com');
    await user.click(screen.getByRole('button', { name: '인증번호 전송' }));
    expect(await screen.findByText('인증번호 전송에 실패했어요. 이메일을 확인해주세요.')).toBeTruthy();
    expect((screen.getByLabelText('이메일') as HTMLInputElement).readOnly).toBe(false);
  }, 15_000);

  it('shows 회원가입 실패 with the server message', async () => {
    mockFetch({
      'POST /api/auth/send-verification-email': () => jsonResponse({ message: 'ok' }),
      'POST /api/auth/verify-email': () => jsonResponse({ message: 'ok' }),
      'POST /api/auth/register': () => jsonResponse({ message: '이미 가입된 이메일입니다.' }, 409),
      'GET /api/auth/providers': () => jsonResponse({ providers: [] }),
    });
    const { user } = renderCard();
    await user.type(screen.getByLabelText('이름'), '김밥상');
    await user.type(screen.getByLabelText('이메일'), 'bap@example.com');
    await user.click(screen.getByRole('button', { name: '인증번호 전송' }));
    await user.type(screen.getByLabelText('인증번호'), '123456');
    await user.click(screen.getByRole('button', { name: '인증 확인' }));
    await user.type(await screen.findByLabelText('비밀번호'), 'password123');
    await user.click(screen.getByLabelText('전체 동의'));
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText('회원가입 실패: 이미 가입된 이메일입니다.')).toBeTruthy();
  }, 15_000);
});

describe('register form errors (issue #14)', () => {
  it('puts a server 400 naming a field on that field, with no toast', async () => {
    mockFetch({
      'POST /api/auth/send-verification-email': () => jsonResponse({ code: 'VALIDATION', field: 'email', message: "'이메일'(email) 값이 올바르지 않습니다." }, 400),
      'GET /api/auth/providers': () => jsonResponse({ providers: [] }),
    });
    const { user } = renderCard();
    await user.type(screen.getByLabelText('이메일'), 'bap@example.com');
    await user.click(screen.getByRole('button', { name: '인증번호 전송' }));
    await expectFieldError('이메일', "'이메일'(email) 값이 올바르지 않습니다.");
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  }, 15_000);

  it('checks the e-mail format under the field before sending', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/providers': () => jsonResponse({ providers: [] }) });
    const { user } = renderCard();
    await user.type(screen.getByLabelText('이메일'), 'not-an-email{Enter}');
    await expectFieldError('이메일', '이메일 주소 형식이 올바르지 않아요.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('send-verification-email'))).toBe(false);
  }, 15_000);
});
