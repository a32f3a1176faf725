import { ko } from "@/i18n/home";

/** The section while its code or its answer loads: the heading and three empty cards of the row's height. */
export function UpcomingPreviewSkeleton() {
  return (
    <section
      className="upcoming-preview"
      aria-labelledby="upcoming-preview-heading"
      aria-busy="true"
    >
      <h2 id="upcoming-preview-heading">{ko.homePreview.heading}</h2>
      <span className="visually-hidden" role="status">
        {ko.homePreview.loading}
      </span>
      <div className="upcoming-preview__list" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div
            key={i}
            className="upcoming-preview__item upcoming-preview__item--skeleton"
          />
        ))}
      </div>
    </section>
  );
}
