import { format, ko } from '@/i18n/home';

/** A read-only 0–5 star display; the number is announced as text. */
export function Stars({ rating, size = 18 }: { rating: number; size?: number }) {
  const value = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span className="stars" role="img" aria-label={format(ko.rating.stars, { rating: value })} style={{ fontSize: size }}>
      {Array.from({ length: 5 }, (_, i) => (
        <span key={i} className={i < value ? 'star star--on' : 'star'} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}
