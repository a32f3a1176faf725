import { createFileRoute, Link } from '@tanstack/react-router';
import { HomePage } from '@/features/home/components/home-page';
import { ko } from '@/i18n/ko';

export const Route = createFileRoute('/')({
  component: Home,
});

function Home() {
  return (
    <HomePage
      actions={
        <>
          <Link to="/matching" className="btn btn--primary btn--large">
            {ko.home.match}
          </Link>
          <Link to="/schedule" className="btn btn--secondary btn--large">
            {ko.home.createSchedule}
          </Link>
        </>
      }
    />
  );
}
