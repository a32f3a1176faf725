import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { koreanDateHour } from '@common/domain/korean-time';
import { Avatar } from '@/components/ui/avatar';
import { format, ko } from '@/i18n/home';
import { schedulePreviewQuery } from '../api/get-schedule-preview';
import { UpcomingPreviewSkeleton } from './upcoming-preview-skeleton';

/**
 * The home page's look before signing up (issue #31 item 2): the soonest upcoming meals — place,
 * time, seats and the host as a masked name with their picture — each with 로그인하고 신청하기,
 * which leads through the login to that meal on 매칭 (`/matching?schedule=&date=`; /auth's
 * `redirect` brings the member back there).
 *
 * One row of cards that scrolls sideways, as a phone shows such a shelf. The row keeps one height
 * whatever it holds (skeleton cards while loading, the cards, the empty or error text), so the
 * sections below never move when the answer comes (issue #33 item 2: it moved 주요 기능 by the
 * whole list, a layout shift of 0.3–0.4 on a phone).
 */
export function UpcomingPreview() {
  const preview = useQuery(schedulePreviewQuery());
  if (preview.status === 'pending') return <UpcomingPreviewSkeleton />;
  const items = preview.data ?? [];
  return (
    <section className="upcoming-preview" aria-labelledby="upcoming-preview-heading">
      <h2 id="upcoming-preview-heading">{ko.homePreview.heading}</h2>
      {preview.status === 'error' && (
        <p className="upcoming-preview__note" role="status">
          {ko.homePreview.loadFailed}
        </p>
      )}
      {preview.status === 'success' && items.length === 0 && <p className="upcoming-preview__note">{ko.homePreview.empty}</p>}
      {items.length > 0 && (
        <ul className="upcoming-preview__list">
          {items.map((s) => (
            <li key={s.id} className="upcoming-preview__item">
              <div className="upcoming-preview__host">
                <Avatar src={s.host.profileImage} alt="" size={40} />
                <span>{format(ko.homePreview.host, { name: s.host.name })}</span>
              </div>
              <p className="upcoming-preview__place">
                {s.placeName} <span className="pill">{s.placeCategory}</span>
              </p>
              <p className="upcoming-preview__when">{koreanDateHour(s.date, s.time)}</p>
              <p className="upcoming-preview__seats">
                {s.isFull ? ko.homePreview.full : format(ko.homePreview.seats, { current: s.currentParticipants, capacity: s.participants })}
              </p>
              <Link
                to="/auth"
                search={{ redirect: `/matching?schedule=${s.id}&date=${s.date}` }}
                className="btn btn--primary btn--small"
                aria-label={format(ko.homePreview.applyFor, { place: s.placeName })}
              >
                {ko.homePreview.apply}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
