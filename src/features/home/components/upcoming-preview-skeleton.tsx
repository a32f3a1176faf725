import { ko } from '@/i18n/home';

/**
 * The upcoming meals while their code or their answer loads (issue #33 item 2): the heading and
 * three shimmering cards of the row's height, so nothing below moves when the cards come.
 */
export function UpcomingPreviewSkeleton() {
  return (
    <section className="upcoming-preview" aria-labelledby="upcoming-preview-heading" aria-busy="true">
      <h2 id="upcoming-preview-heading">{ko.homePreview.heading}</h2>
      <span className="visually-hidden" role="status">
        {ko.homePreview.loading}
      </span>
      <div className="upcoming-preview__list" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="upcoming-preview__item upcoming-preview__item--skeleton skeleton" />
        ))}
      </div>
    </section>
  );
}
