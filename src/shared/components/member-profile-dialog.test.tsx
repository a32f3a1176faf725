/**
 * The member profile dialog (issue #30 item 1) when the member is gone or across a block (issue #32
 * item 5: `GET /api/users/{id}` answers 404 USER_NOT_FOUND either way): the catalogue's text, not a
 * load failure with 다시 시도.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { renderWithFeedback } from '@/test/render';
import { MemberProfileDialog } from './member-profile-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MemberProfileDialog', () => {
  it('a 404 across a block reads 회원을 찾을 수 없어요. without 다시 시도', async () => {
    mockFetch({ 'GET /api/users/7': () => jsonResponse({ code: 'USER_NOT_FOUND', message: '회원을 찾을 수 없어요.' }, 404) });
    renderWithFeedback(<MemberProfileDialog member={{ id: 7, name: '나래', profileImage: null }} onOpenChange={() => {}} />);
    expect(await screen.findByText('회원을 찾을 수 없어요.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '다시 시도' })).toBeNull();
  });
});
