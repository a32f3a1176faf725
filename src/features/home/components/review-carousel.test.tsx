import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FeaturedReview } from '@common/api/featured';
import { carouselDuration, doubled, ReviewCarousel } from './review-carousel';

const reviews: FeaturedReview[] = [
  { reviewerName: '하나', reviewerProfileImage: null, rating: 5, comment: '정말 즐거운 식사였어요' },
  { reviewerName: '두리', reviewerProfileImage: '/avatars/duck.svg', rating: 3, comment: '시간 약속을 잘 지켜요' },
  { reviewerName: '세나', reviewerProfileImage: null, rating: 0, comment: '또 만나요' },
];

describe('featured review carousel (SPEC §1, §9)', () => {
  it('doubles the list for seamless looping and takes 5 s per review', () => {
    expect(doubled([1, 2])).toEqual([1, 2, 1, 2]);
    expect(carouselDuration(3)).toBe('15s');
    render(<ReviewCarousel reviews={reviews} />);
    const track = screen.getByTestId('carousel-track');
    expect(track.querySelectorAll('li')).toHaveLength(6);
    expect(track.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(3);
    const region = screen.getByRole('region');
    expect(region.style.getPropertyValue('--carousel-duration')).toBe('15s');
    expect(region.style.getPropertyValue('--card-width')).toBe('300px');
  });

  it('is pausable with a visible button, starts paused under reduced motion and takes keyboard focus (issue #14)', async () => {
    // the test setup's matchMedia reports prefers-reduced-motion: reduce
    render(<ReviewCarousel reviews={reviews} />);
    const region = screen.getByRole('region', { name: '회원 후기 목록' });
    expect(region.tabIndex).toBe(0);
    expect(region.getAttribute('data-paused')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: '재생' }));
    expect(region.getAttribute('data-paused')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: '일시정지' }));
    expect(region.getAttribute('data-paused')).toBe('true');
    // from the button, Tab reaches the region itself
    await userEvent.tab();
    expect(document.activeElement).toBe(region);
  });

  it('shows the rating as stars', () => {
    render(<ReviewCarousel reviews={reviews} />);
    expect(screen.getAllByRole('img', { name: '별점 5점 (5점 만점)' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('img', { name: '별점 0점 (5점 만점)' }).length).toBeGreaterThan(0);
  });

  it('shows the empty state and a loading state', () => {
    const { rerender } = render(<ReviewCarousel reviews={null} />);
    expect(screen.getByRole('status').textContent).toContain('후기를 불러오고 있어요...');
    rerender(<ReviewCarousel reviews={[]} />);
    expect(screen.getByText('아직 추천할 만한 후기가 없어요.')).toBeTruthy();
  });
});
