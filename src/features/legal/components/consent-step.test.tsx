import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch } from '@/test/fixtures';
import { renderWithFeedback } from '@/test/render';
import { queryRoots } from '@/lib/query/keys';
import { useSession } from '@/lib/session/store';
import { ConsentStep } from './consent-step';

describe('ConsentStep (/consent)', () => {
  it('sends the three agreements, takes the answered member as it is (no refetch of me) and moves on', async () => {
    const member = makeUser({ consentRequired: false });
    const fetch = mockFetch({ 'POST /api/user/consent': () => jsonResponse(member) });
    const onDone = vi.fn();
    const user = userEvent.setup();
    const { queryClient } = renderWithFeedback(<ConsentStep onDone={onDone} />);
    await user.click(screen.getByLabelText('전체 동의'));
    await user.click(screen.getByRole('button', { name: '동의하고 계속하기' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ agreeTerms: true, agreePrivacy: true, ageConfirmed: true });
    expect(queryClient.getQueryData(queryRoots.me)).toEqual(member);
    expect(useSession.getState().user).toEqual(member);
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET')).toHaveLength(0);
  });

  it('a refusal for a missing agreement stays on the checklist and does not move on', async () => {
    mockFetch({ 'POST /api/user/consent': () => jsonResponse({ code: 'CONSENT_REQUIRED', message: '필수 약관에 동의해주세요.' }, 400) });
    const onDone = vi.fn();
    const user = userEvent.setup();
    const { queryClient } = renderWithFeedback(<ConsentStep onDone={onDone} />);
    await user.click(screen.getByLabelText('전체 동의'));
    await user.click(screen.getByRole('button', { name: '동의하고 계속하기' }));
    expect(await screen.findByText('필수 약관에 동의해주세요.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(queryRoots.me)).toBeUndefined();
  });
});
