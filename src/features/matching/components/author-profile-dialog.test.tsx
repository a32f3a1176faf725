import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/store';
import { makeUser, memberStats } from '@/test/fixtures';
import { renderWithFeedback } from '@/test/render';
import { AuthorProfileDialog } from './author-profile-dialog';

const host = { id: 7, name: '박서연', profileImage: null, preferences: { 한식: true }, reviewCount: 0, averageRating: 0, ...memberStats() };

describe("a host's profile sheet (issue #31 item 5)", () => {
  beforeEach(() => useSession.setState({ status: 'signedIn', user: makeUser({ id: 1 }) }));

  it('opened from a meal, its two report buttons read differently: 회원 신고하기 and 일정 신고하기', async () => {
    renderWithFeedback(<AuthorProfileDialog author={host} scheduleId={3} onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '박서연' });
    const reports = [...dialog.querySelectorAll('[data-report]')].map((b) => b.textContent);
    expect(reports).toEqual(['회원 신고하기', '일정 신고하기']);
    // Each name holds its visible text (WCAG 2.5.3).
    expect(screen.getByRole('button', { name: '박서연 회원 신고하기' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '일정 신고하기' })).toBeTruthy();
  });

  it('opened without a meal, the one report button says 신고하기', async () => {
    renderWithFeedback(<AuthorProfileDialog author={host} onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '박서연' });
    expect([...dialog.querySelectorAll('[data-report]')].map((b) => b.textContent)).toEqual(['신고하기']);
  });
});
