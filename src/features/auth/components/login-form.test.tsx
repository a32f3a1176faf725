import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session/store';
import { TOKEN_KEY } from '@/lib/token-storage';
import { fakeJwt, jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { AuthCard } from './auth-card';
import { renderWithFeedback } from '@/test/render';
import { expectFieldError } from './field-error.test-helper';

function renderCard(props: Parameters<typeof AuthCard>[0] = {}) {
  renderWithFeedback(<AuthCard {...props} />);
  return userEvent.setup();
}

describe('login (SPEC §2 auth card, §5, §8)', () => {
  it('asks for both fields under each field, focusing the first', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/providers': () => jsonResponse({ providers: [] }) });
    const user = renderCard();
    await user.click(screen.getByRole('button', { name: '로그인' }));
    const email = await expectFieldError('이메일', '이메일과 비밀번호를 입력해주세요.');
    await expectFieldError('비밀번호', '이메일과 비밀번호를 입력해주세요.');
    expect(document.activeElement).toBe(email);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/auth/login'))).toBe(false);

    await user.type(email, 'bap@example.com');
    expect(email.getAttribute('aria-invalid')).toBe('false');
  }, 15_000);

  it('shows the failure message on 401 and signs in with remember → localStorage', async () => {
    let ok = false;
    mockFetch({
      'GET /api/auth/providers': () => jsonResponse({ providers: ['kakao'] }),
      'POST /api/auth/login': () =>
        ok ? jsonResponse({ accessToken: fakeJwt(Date.now() + 3_600_000), ...makeUser() }) : jsonResponse({ message: '이메일 또는 비밀번호가 올바르지 않습니다.' }, 401),
    });
    const user = renderCard();
    expect(await screen.findByRole('button', { name: '카카오로 로그인' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '네이버로 로그인' })).toBeNull();

    await user.type(screen.getByLabelText('이메일'), 'bap@example.com');
    await user.type(screen.getByLabelText('비밀번호'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText('로그인에 실패했어요. 이메일과 비밀번호를 확인해주세요.')).toBeTruthy();

    ok = true;
    await user.click(screen.getByLabelText('로그인 상태 유지'));
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(useSession.getState().status).toBe('signedIn');
    expect(localStorage.getItem(TOKEN_KEY)).not.toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  }, 15_000);

  it('too many failures (429 LOGIN_LOCKED): the server\'s wait is shown on the form as an alert, and cleared by the next try', async () => {
    let locked = true;
    mockFetch({
      'GET /api/auth/providers': () => jsonResponse({ providers: [] }),
      'POST /api/auth/login': () =>
        locked
          ? jsonResponse({ message: '로그인 시도가 너무 많아요. 12분 뒤에 다시 시도해주세요.', code: 'LOGIN_LOCKED' }, 429)
          : jsonResponse({ message: '로그인에 실패했습니다. 이메일과 비밀번호를 확인해주세요.', code: 'LOGIN_FAILED' }, 401),
    });
    const user = renderCard();
    await user.type(screen.getByLabelText('이메일'), 'bap@example.com');
    await user.type(screen.getByLabelText('비밀번호'), 'some-password');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('로그인 시도가 너무 많아요. 12분 뒤에 다시 시도해주세요.');
    expect(alert.closest('form')).not.toBeNull();
    // One message only (issue #31 item 6): no toast beside it, and no other alert.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(0);
    locked = false;
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText('로그인에 실패했어요. 이메일과 비밀번호를 확인해주세요.')).toBeTruthy();
    expect(screen.queryByText(/로그인 시도가 너무 많아요/)).toBeNull();
  }, 15_000);

  it('a new device past the failure threshold is asked for the mailed code (issue #32 item 4): a wrong code is said on its field, the right one signs in', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    mockFetch({
      'GET /api/auth/providers': () => jsonResponse({ providers: [] }),
      'POST /api/auth/login': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        bodies.push(body);
        if (!body.code) return jsonResponse({ message: '새 기기에서 로그인하려면 이메일로 보낸 인증번호를 입력해주세요.', code: 'LOGIN_CODE_REQUIRED' }, 401);
        if (body.code !== '246810') return jsonResponse({ message: '인증번호가 올바르지 않습니다.', code: 'CODE_MISMATCH' }, 400);
        return jsonResponse({ accessToken: fakeJwt(Date.now() + 3_600_000), ...makeUser() });
      },
    });
    const user = renderCard();
    await user.type(screen.getByLabelText('이메일'), 'bap@example.com');
    await user.type(screen.getByLabelText('비밀번호'), 'right-password');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect((await screen.findByRole('status')).textContent).toBe('새 기기에서 로그인하려면 이메일로 보낸 인증번호를 입력해주세요.');
    const code = await screen.findByLabelText('인증번호');
    expect(useSession.getState().status).not.toBe('signedIn');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    await expectFieldError('인증번호', '인증번호가 올바르지 않습니다.');
    await user.clear(code);
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(useSession.getState().status).toBe('signedIn');
    expect(bodies.map((b) => b.code)).toEqual([undefined, '111111', '246810']);
    expect(bodies.every((b) => b.password === 'right-password')).toBe(true);
  }, 15_000);

  it('an ended account shows the server\'s text instead of the expiry message (issue #31 item 6)', () => {
    mockFetch({ 'GET /api/auth/providers': () => jsonResponse({ providers: [] }) });
    renderCard({ expired: true, notice: '탈퇴가 완료되었어요.' });
    expect(screen.getByRole('alert').textContent).toBe('탈퇴가 완료되었어요.');
    expect(screen.queryByText('로그인이 만료됐어요. 다시 로그인해주세요.')).toBeNull();
  });

  it('switches modes and shows the expiry marker message', async () => {
    mockFetch({ 'GET /api/auth/providers': () => jsonResponse({ providers: [] }) });
    const user = renderCard({ expired: true });
    expect(screen.getByText('로그인이 만료됐어요. 다시 로그인해주세요.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '비밀번호 찾기' }));
    expect(screen.getByRole('button', { name: '재설정 코드 전송' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '로그인으로 돌아가기' }));
    await user.click(screen.getByRole('tab', { name: '회원가입' }));
    expect(screen.getByRole('button', { name: '가입하기' })).toBeTruthy();
  }, 15_000);

  it('resets the password for real with the mailed code', async () => {
    mockFetch({
      'GET /api/auth/providers': () => jsonResponse({ providers: [] }),
      'POST /api/auth/password-reset/request': () => jsonResponse({ message: 'ok' }),
      'POST /api/auth/password-reset/confirm': () => jsonResponse({ message: 'ok' }),
    });
    const user = renderCard({ initialMode: 'forgotPassword' });
    await user.type(screen.getByLabelText('이메일'), 'bap@example.com');
    await user.click(screen.getByRole('button', { name: '재설정 코드 전송' }));
    expect(await screen.findByText('비밀번호 재설정 코드를 이메일로 보냈어요.')).toBeTruthy();
    await user.type(screen.getByLabelText('재설정 코드'), '123456');
    await user.type(screen.getByLabelText('새 비밀번호'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByText('비밀번호가 변경됐어요. 새 비밀번호로 로그인해주세요.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '로그인' })).toBeTruthy();
  }, 15_000);
});

describe('password reset form errors (issue #14)', () => {
  it('a short new password and a wrong code show under their fields', async () => {
    const confirm = vi.fn(() => jsonResponse({ message: '재설정 코드가 올바르지 않습니다.', code: 'CODE_MISMATCH' }, 400));
    mockFetch({
      'GET /api/auth/providers': () => jsonResponse({ providers: [] }),
      'POST /api/auth/password-reset/request': () => jsonResponse({ message: 'ok' }),
      'POST /api/auth/password-reset/confirm': confirm,
    });
    const user = renderCard({ initialMode: 'forgotPassword' });
    await user.click(screen.getByRole('button', { name: '재설정 코드 전송' }));
    await expectFieldError('이메일', '이메일을 먼저 입력해주세요.');
    await user.type(screen.getByLabelText('이메일'), 'bap@example.com');
    await user.click(screen.getByRole('button', { name: '재설정 코드 전송' }));
    await user.type(await screen.findByLabelText('재설정 코드'), '123456');
    await user.type(screen.getByLabelText('새 비밀번호'), 'short');
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    await expectFieldError('새 비밀번호', '새 비밀번호는 8자 이상이어야 해요.');
    expect(confirm).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('새 비밀번호'), '-long-enough');
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    await expectFieldError('재설정 코드', '재설정 코드가 올바르지 않습니다.');
    expect(confirm).toHaveBeenCalledTimes(1);
  }, 15_000);
});
