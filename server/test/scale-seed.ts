/**
 * Rows written straight into the database with SQL (issue #19: bench:scale and the event-loop
 * test), on PostgreSQL and PGlite alike. `n` rows per table: members (a tenth of `n`, at least
 * 100), schedules over the 22-day window (from tomorrow, so none has started), one match request
 * per schedule (with its two match_members rows, issue #28 item 8), posts with a comment and a
 * like each, reviews, notifications and venues around central Seoul. The "viewer" (the first member) owns a tenth of the per-member rows (hosts 10 % of
 * the schedules, sent 10 % of the requests, received 10 % of the reviews and notifications), so
 * per-member lists grow with the tables too. Every interpolated value is a number or a KST date
 * this module computes.
 */
import { addDaysIso, todayKst } from '../../common/domain/schedule.ts';

/** Runs one SQL statement and answers its rows. */
export type Execute = (statement: string) => Promise<Array<Record<string, unknown>>>;

/** The tables `seedScale` can fill. */
export type SeedTable = 'schedules' | 'matches' | 'posts' | 'reviews' | 'notifications' | 'venues';
const ALL: SeedTable[] = ['schedules', 'matches', 'posts', 'reviews', 'notifications', 'venues'];

/** Seeds `n` rows per table (of `tables`, default all); answers the viewer's member id. */
export async function seedScale(execute: Execute, n: number, tables: SeedTable[] = ALL): Promise<number> {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`seedScale: n must be a positive integer, got ${n}`);
  const members = Math.max(100, Math.floor(n / 10));
  const today = todayKst();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error('seedScale: bad KST date');
  const has = (t: SeedTable) => tables.includes(t);
  await execute(`insert into users (email, name, password_hash, is_new_user, preferences, terms_version, privacy_version, consented_at, safety_guide_seen_at)
    select 'bench' || g || '@example.com', '회원' || g, 'x', false, '{"한식": true}'::jsonb, '2026-11-26', '2026-11-26', now(), now()
    from generate_series(1, ${members}) g`);
  const [viewer] = await execute(`select min(id)::int as id from users where email like 'bench%@example.com'`);
  const v = Number(viewer!.id);
  if (has('schedules') || has('matches')) {
    await execute(`insert into schedules (user_id, date, hour, text, place_name, place_category, participants, latitude, longitude)
      select case when g % 10 = 0 then ${v} else ${v} + 1 + (g % (${members} - 1)) end,
        ('${today}'::date + 1 + (g % 20))::date, 8 + (g % 14), '같이 식사해요 ' || g, '식당' || (g % 500), '한식', 4,
        37.55 + (g % 1000) / 10000.0, 126.97 + (g % 997) / 10000.0
      from generate_series(1, ${n}) g`);
  }
  if (has('matches')) {
    await execute(`insert into match_requests (schedule_id, host_id, requester_id, status)
      select s.id, s.user_id, case when s.id % 10 = 5 and s.user_id <> ${v} then ${v} else case when s.user_id = ${v} + 1 then ${v} + 2 else ${v} + 1 end end,
        (array['PENDING','ACCEPTED','CONFIRMED'])[1 + s.id % 3]
      from schedules s`);
    // Issue #28 item 8: each request's two member rows (host and guest).
    await execute(`insert into match_members (match_id, schedule_id, user_id, partner_id, role)
      select id, schedule_id, host_id, requester_id, 'host' from match_requests
      union all select id, schedule_id, requester_id, host_id, 'guest' from match_requests`);
  }
  if (has('posts')) {
    // Every post has coordinates; every 7th has 12 likes (≥ 10 points: a recommendation).
    await execute(`insert into posts (author_id, title, content, tags, likes, latitude, longitude)
      select ${v} + (g % ${members}), '맛집 소개 ' || g, '<p>정말 맛있어요 ' || g || '</p>', '["한식"]'::jsonb, case when g % 7 = 0 then 12 else 1 end,
        37.50 + (g % 1000) / 10000.0, 126.90 + (g % 997) / 10000.0
      from generate_series(1, ${n}) g`);
    await execute(`insert into post_comments (post_id, author_id, text) select id, author_id, '좋아요' from posts`);
    await execute(`insert into post_likes (post_id, user_id) select id, author_id from posts`);
  }
  if (has('reviews')) {
    await execute(`insert into reviews (match_id, reviewer_id, reviewee_id, rating, comment)
      select g, ${v} + 1 + (g % (${members} - 1)), case when g % 10 = 0 then ${v} else ${v} + 1 + ((g + 1) % (${members} - 1)) end, 1 + g % 5, '즐거웠어요'
      from generate_series(1, ${n}) g`);
  }
  if (has('notifications')) {
    await execute(`insert into notifications (user_id, type, message, link)
      select case when g % 10 = 0 then ${v} else ${v} + (g % ${members}) end, 'new_match_request', '매칭 요청이 왔어요.', '/match-requests'
      from generate_series(1, ${n}) g`);
  }
  if (has('venues')) {
    await execute(`insert into venues (id, place_name, category_name, latitude, longitude, source)
      select 'bench-' || g, '식당' || g, '음식점 > 한식', 37.40 + (g % 3001) / 10000.0, 126.80 + (g % 2999) / 10000.0, 'member'
      from generate_series(1, ${n}) g`);
  }
  await execute('analyze');
  return v;
}

/**
 * The list endpoints whose work grew with their tables before issue #19, as the seeded viewer
 * calls them (what the screens ask for: the matching page's day list and calendar included).
 * Used by bench:scale and the event-loop test.
 */
export function heavyListUrls(): string[] {
  const today = todayKst();
  return [
    '/api/board',
    '/api/board?q=%EB%A7%9B%EC%9E%88',
    '/api/recommendations',
    `/api/schedules?date=${addDaysIso(today, 1)}&lat=37.5665&lng=126.978&radius=5000`,
    `/api/schedules/calendar?from=${today}&to=${addDaysIso(today, 21)}&lat=37.5665&lng=126.978&radius=5000`,
    '/api/schedules',
    '/api/schedules/my',
    '/api/matches',
    '/api/matches/sent',
    '/api/reviews/my',
    '/api/notifications',
    '/api/venues?lat=37.5665&lng=126.978&radius=20000',
  ];
}
