/**
 * Issue #31 item 6: a typo in the sign-up e-mail is fixed after the code was sent (이메일 변경),
 * and the code can be sent again 60 s after the last send (인증번호 재전송, with its countdown).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { renderWithFeedback } from '@/test/render';
import { AuthCard } from './auth-card';

afterEach(() => vi.useRealTimers());

function sentTo(send: ReturnType<typeof vi.fn>): string[] {
  return send.mock.calls.map((call) => (JSON.parse(String((call[1] as RequestInit).body)) as { email: string }).email);
}

describe('sign-up e-mail after the code is sent (issue #31 item 6)', () => {
  it('이메일 변경 unlocks the field and drops the code; the corrected address gets the next code', async () => {
    const send = vi.fn((..._args: unknown[]) => jsonResponse({ message: '인증번호를 보냈어요.' }));
    mockFetch({ 'POST /api/auth/send-verification-email': send, 'GET /api/auth/providers': () => jsonResponse({ providers: [] }) });
    renderWithFeedback(<AuthCard initialMode="register" onRegistered={vi.fn()} />);
    const user = userEvent.setup();
    const email = screen.getByLabelText('이메일') as HTMLInputElement;
    await user.type(email, 'bap@exampel.com');
    await user.click(screen.getByRole('button', { name: '인증번호 전송' }));
    await screen.findByLabelText('인증번호');
    expect(email.readOnly).toBe(true);
    await user.type(screen.getByLabelText('인증번호'), '12');

    await user.click(screen.getByRole('button', { name: '이메일 변경' }));
    expect(email.readOnly).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.queryByLabelText('인증번호')).toBeNull();
    await user.clear(email);
    await user.type(email, 'bap@example.com');
    await user.click(screen.getByRole('button', { name: '인증번호 전송' }));
    await screen.findByLabelText('인증번호');
    expect((screen.getByLabelText('인증번호') as HTMLInputElement).value).toBe('');
    expect(sentTo(send)).toEqual(['bap@exampel.com', 'bap@example.com']);
  });

  it('인증번호 재전송 waits 60 s with its countdown, then sends again to the same address', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const send = vi.fn((..._args: unknown[]) => jsonResponse({ message: '인증번호를 보냈어요.' }));
    mockFetch({ 'POST /api/auth/send-verification-email': send, 'GET /api/auth/providers': () => jsonResponse({ providers: [] }) });
    renderWithFeedback(<AuthCard initialMode="register" onRegistered={vi.fn()} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('이메일'), 'bap@example.com');
    await user.click(screen.getByRole('button', { name: '인증번호 전송' }));
    const waiting = await screen.findByRole('button', { name: /초 후 재전송$/ });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(waiting.textContent).toMatch(/^(60|59)초 후 재전송$/);

    await vi.advanceTimersByTimeAsync(30_000);
    expect(screen.getByRole('button', { name: /초 후 재전송$/ }).textContent).toMatch(/^(30|29)초 후 재전송$/);
    await vi.advanceTimersByTimeAsync(31_000);
    const resend = screen.getByRole('button', { name: '인증번호 재전송' }) as HTMLButtonElement;
    expect(resend.disabled).toBe(false);
    await user.click(resend);
    await waitFor(() => expect(sentTo(send)).toEqual(['bap@example.com', 'bap@example.com']));
    // The countdown starts again.
    expect(((await screen.findByRole('button', { name: /초 후 재전송$/ })) as HTMLButtonElement).disabled).toBe(true);
  });
});
