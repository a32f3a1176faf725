import { createFileRoute, Link } from '@tanstack/react-router';
import { HomePage } from '@/features/home/components/home-page';
import { ko } from '@/i18n/home';
import { useSession } from '@/lib/session/store';

export const Route = createFileRoute('/')({
  component: Home,
  // The home page is in the app's first chunk, not a chunk of its own (vite.config.ts splits every
  // other route's component): `/` is where a visit and the installed app start, and its hero then
  // paints with the first render instead of one chunk round trip later (issue #33 item 2).
  codeSplitGroupings: [['loader'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
});

/**
 * The hero's two buttons. A visitor sees them lead to the login, which returns to the page they
 * named (`/auth?redirect=`, issue #14); each says "로그인 후 이용해주세요" under its name.
 */
function Home() {
  const signedIn = useSession((s) => s.status === 'signedIn');
  const targets = [
    { to: '/matching', label: ko.home.match, className: 'btn btn--primary btn--large' },
    { to: '/schedule', label: ko.home.createSchedule, className: 'btn btn--secondary btn--large' },
  ] as const;
  return (
    <HomePage
      showPreview={!signedIn}
      actions={targets.map((target) =>
        signedIn ? (
          <Link key={target.to} to={target.to} className={target.className}>
            {target.label}
          </Link>
        ) : (
          <Link key={target.to} to="/auth" search={{ redirect: target.to }} className={`${target.className} hero__login-first`}>
            {target.label} <span className="hero__login-hint">{ko.home.loginFirst}</span>
          </Link>
        ),
      )}
    />
  );
}
