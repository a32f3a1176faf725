import { Link } from '@tanstack/react-router';
import { ko } from '@/i18n/shell';

/** The footer (issue #17 item 1): the terms and the privacy policy, on every page. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label={ko.legal.footerLabel}>
        <Link to="/terms">{ko.legal.termsTitle}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/privacy">
          <strong>{ko.legal.privacyTitle}</strong>
        </Link>
      </nav>
    </footer>
  );
}
