/**
 * Migrations that change existing rows, each started from a database migrated up to just before it.
 *
 * issue #13: migration 0007 repairs rows written before the CHECKs existed (non-finite or
 * out-of-range coordinates, a lone coordinate, an impossible age) and records older uploads,
 * then the CHECKs hold. Starts from a database migrated up to 0006 with such rows in it.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const temp: string[] = [];
afterAll(async () => {
  for (const dir of temp) await rm(dir, { recursive: true, force: true });
});

/** A copy of the migrations folder whose journal stops before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bs-migrations-'));
  temp.push(dir);
  await cp(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  expect(stop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migration 0007_hardening', () => {
  it('repairs hostile rows, records older uploads, then refuses new hostile rows', async () => {
    const client = new PGlite({ extensions: { cube, earthdistance, pg_trgm } }); // 0012_venues_knn, 0023_lists_stay_flat
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: await migrationsBefore('0007_hardening') });

    await client.exec(`
      insert into users (email, name, age, profile_image) values
        ('a@example.com', '가', 200, '/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp'),
        ('b@example.com', '나', 30, '/avatars/bear.svg');
      insert into posts (author_id, title, content, latitude, longitude) values
        (1, 'inf', '<p><img src="/uploads/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp"></p>', 'Infinity', 'Infinity'),
        (2, 'nan', '<p>x</p>', 'NaN', 127),
        (2, 'lone', '<p>x</p>', 37.5, null),
        (2, 'fine', '<p>x</p>', 37.5, 127);
      insert into schedules (user_id, date, hour, text, place_name, place_category, participants, latitude, longitude) values
        (1, '2026-12-01', 12, 't', 'p', '한식', 2, '-Infinity', 0),
        (2, '2026-12-01', 12, 't', 'p', '한식', 2, 37.5, 127);
      insert into venues (id, place_name, category_name, latitude, longitude, source) values
        ('bad', '어디', '한식', 'Infinity', 0, 'member'),
        ('good', '여기', '한식', 37.5, 127, 'member');
    `);

    await migrate(db, { migrationsFolder });

    const postRows = await client.query<{ title: string; latitude: number | null; longitude: number | null }>('select title, latitude, longitude from posts order by id');
    expect(postRows.rows).toEqual([
      { title: 'inf', latitude: null, longitude: null },
      { title: 'nan', latitude: null, longitude: null },
      { title: 'lone', latitude: null, longitude: null },
      { title: 'fine', latitude: 37.5, longitude: 127 },
    ]);
    const scheduleRows = await client.query<{ latitude: number | null }>('select latitude from schedules order by id');
    expect(scheduleRows.rows).toEqual([{ latitude: null }, { latitude: 37.5 }]);
    expect((await client.query('select age from users order by id')).rows).toEqual([{ age: null }, { age: 30 }]);
    expect((await client.query('select id from venues order by id')).rows).toEqual([{ id: 'good' }]);
    expect((await client.query('select name, owner_id from uploads order by name')).rows).toEqual([
      { name: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp', owner_id: 1 },
      { name: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp', owner_id: 1 },
    ]);

    await expect(db.execute(sql`insert into posts (title, content, latitude, longitude) values ('x', 'x', 'Infinity', 0)`)).rejects.toThrow();
    await expect(db.execute(sql`update users set age = 5 where id = 2`)).rejects.toThrow();
    await client.close();
  });
});

describe('migration 0014_host_and_points (issue #19)', () => {
  it('fills host_id from the schedule and comment_count from the visible comments; the trigger keeps the count and points follow', async () => {
    const client = new PGlite({ extensions: { cube, earthdistance, pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: await migrationsBefore('0014_host_and_points') });
    await client.exec(`
      insert into users (email, name) values ('host@example.com', '호스트'), ('guest@example.com', '손님');
      insert into schedules (user_id, date, hour, text, place_name, place_category, participants) values (1, '2026-12-01', 12, 't', 'p', '한식', 2);
      insert into match_requests (schedule_id, requester_id) values (1, 2);
      insert into posts (author_id, title, content, views, likes, latitude, longitude) values (1, '글', '<p>x</p>', 1, 2, 37.5, 127);
      insert into post_comments (post_id, author_id, text, hidden_at) values (1, 2, '보임', null), (1, 2, '보임2', null), (1, 2, '숨김', now());
    `);
    await migrate(db, { migrationsFolder });

    expect((await client.query('select host_id from match_requests')).rows).toEqual([{ host_id: 1 }]);
    const post = async () => (await client.query<{ comment_count: number; points: number }>('select comment_count, points from posts where id = 1')).rows[0];
    // 1 view + 3 × 2 likes + 2 × 2 visible comments (RECOMMENDATION_RULE)
    expect(await post()).toEqual({ comment_count: 2, points: 11 });
    await client.exec(`update post_comments set hidden_at = now() where text = '보임'`);
    expect(await post()).toEqual({ comment_count: 1, points: 9 });
    await client.exec(`update post_comments set hidden_at = null where text = '숨김'`);
    expect(await post()).toEqual({ comment_count: 2, points: 11 });
    await client.exec(`delete from post_comments where text = '보임2'; insert into post_comments (post_id, author_id, text) values (1, 1, '새 댓글'), (1, 1, '또')`);
    expect(await post()).toEqual({ comment_count: 3, points: 13 });
    await client.exec(`update post_comments set text = '고침' where text = '또'`);
    expect(await post()).toEqual({ comment_count: 3, points: 13 });
    await expect(db.execute(sql`insert into match_requests (schedule_id, requester_id) values (1, 1)`)).rejects.toThrow();
    await client.close();
  });
});

describe('migration 0016_meal_rules (issue #28)', () => {
  it('keeps existing requests and marks, dates the marks, counts stored notices as published, and allows asking again only once the last request ended', async () => {
    const client = new PGlite({ extensions: { cube, earthdistance, pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: await migrationsBefore('0016_meal_rules') });
    await client.exec(`
      insert into users (email, name) values ('host@example.com', '호스트'), ('guest@example.com', '손님');
      insert into schedules (user_id, date, hour, text, place_name, place_category, participants) values (1, '2026-12-01', 12, 't', 'p', '한식', 2);
      insert into match_requests (schedule_id, requester_id, host_id, status, host_reports_attended, updated_at) values (1, 2, 1, 'CONFIRMED', false, '2026-12-01T05:00:00Z');
      insert into notifications (user_id, type, match_id, schedule_id, message, link, created_at) values (2, 'match_confirmed', 1, 1, '매칭이 확정되었습니다.', '/match-requests', '2026-11-30T01:00:00Z');
    `);
    // Up to 0016 only: 0017 moves the column pairs read here to match_members.
    await migrate(db, { migrationsFolder: await migrationsBefore('0017_match_members') });

    const request = (await client.query<{ status: string; host_reports_attended: boolean; host_reported_at: Date; requester_reported_at: Date | null }>('select status, host_reports_attended, host_reported_at, requester_reported_at from match_requests')).rows;
    expect(request).toEqual([{ status: 'CONFIRMED', host_reports_attended: false, host_reported_at: new Date('2026-12-01T05:00:00Z'), requester_reported_at: null }]);
    const notice = (await client.query<{ published_at: Date }>('select published_at from notifications')).rows;
    expect(notice).toEqual([{ published_at: new Date('2026-11-30T01:00:00Z') }]);
    // While the request is open a second one is refused; once it ended, a new one may be made.
    await expect(db.execute(sql`insert into match_requests (schedule_id, requester_id, host_id) values (1, 2, 1)`)).rejects.toThrow();
    await client.exec(`update match_requests set status = 'CANCELLED'`);
    await db.execute(sql`insert into match_requests (schedule_id, requester_id, host_id) values (1, 2, 1)`);
    expect((await client.query('select status from match_requests order by id')).rows).toEqual([{ status: 'CANCELLED' }, { status: 'PENDING' }]);
    await client.close();
  });
});

describe('migration 0017_match_members (issue #28 item 8)', () => {
  it('gives each existing request its host and guest rows from the column pairs, the late flag to the side that cancelled, then drops the pairs', async () => {
    const client = new PGlite({ extensions: { cube, earthdistance, pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: await migrationsBefore('0017_match_members') });
    await client.exec(`
      insert into users (email, name) values ('host@example.com', '호스트'), ('guest@example.com', '손님'), ('other@example.com', '다른 손님');
      insert into schedules (user_id, date, hour, text, place_name, place_category, participants) values
        (1, '2026-12-01', 12, 't', 'p', '한식', 3),
        (1, '2026-12-02', 19, 't', 'q', '한식', 2);
      -- 1: a confirmed meal both reviewed, the host arrived, the guest reported the host present and the host reported the guest absent; reminders claimed; the host hid it.
      insert into match_requests (schedule_id, requester_id, host_id, status, host_reviewed, requester_reviewed, host_hidden, host_arrived_at,
        host_reports_attended, host_reported_at, requester_reports_attended, requester_reported_at, host_reminded_at, requester_reminded_at)
        values (1, 2, 1, 'CONFIRMED', true, true, true, '2026-12-01T02:55:00Z', false, '2026-12-01T04:00:00Z', true, '2026-12-01T04:10:00Z', '2026-12-01T02:00:00Z', '2026-12-01T02:00:01Z');
      -- 2: the guest cancelled late and hid it; 3: the host cancelled late; 4: pending, nothing set.
      insert into match_requests (schedule_id, requester_id, host_id, status, cancelled_by, cancelled_at, late_cancel, requester_hidden) values
        (1, 3, 1, 'CANCELLED', 'requester', '2026-11-30T20:00:00Z', true, true);
      insert into match_requests (schedule_id, requester_id, host_id, status, cancelled_by, cancelled_at, late_cancel) values
        (2, 2, 1, 'CANCELLED', 'host', '2026-12-01T20:00:00Z', true);
      insert into match_requests (schedule_id, requester_id, host_id) values (2, 3, 1);
    `);
    await migrate(db, { migrationsFolder });

    type Row = { match_id: number; schedule_id: number; user_id: number; partner_id: number; role: string; hidden: boolean; reviewed: boolean; arrived_at: Date | null; partner_attended: boolean | null; reported_at: Date | null; reminded_at: Date | null; late_cancel: boolean };
    const rows = (await client.query<Row>(`select match_id, schedule_id, user_id, partner_id, role, hidden, reviewed, arrived_at, partner_attended, reported_at, reminded_at, late_cancel
      from match_members order by match_id, role desc`)).rows;
    const none = { hidden: false, reviewed: false, arrived_at: null, partner_attended: null, reported_at: null, reminded_at: null, late_cancel: false };
    expect(rows).toEqual([
      { match_id: 1, schedule_id: 1, user_id: 1, partner_id: 2, role: 'host', hidden: true, reviewed: true, arrived_at: new Date('2026-12-01T02:55:00Z'), partner_attended: false, reported_at: new Date('2026-12-01T04:00:00Z'), reminded_at: new Date('2026-12-01T02:00:00Z'), late_cancel: false },
      { match_id: 1, schedule_id: 1, user_id: 2, partner_id: 1, role: 'guest', hidden: false, reviewed: true, arrived_at: null, partner_attended: true, reported_at: new Date('2026-12-01T04:10:00Z'), reminded_at: new Date('2026-12-01T02:00:01Z'), late_cancel: false },
      { match_id: 2, schedule_id: 1, user_id: 1, partner_id: 3, role: 'host', ...none },
      { match_id: 2, schedule_id: 1, user_id: 3, partner_id: 1, role: 'guest', ...none, hidden: true, late_cancel: true },
      { match_id: 3, schedule_id: 2, user_id: 1, partner_id: 2, role: 'host', ...none, late_cancel: true },
      { match_id: 3, schedule_id: 2, user_id: 2, partner_id: 1, role: 'guest', ...none },
      { match_id: 4, schedule_id: 2, user_id: 1, partner_id: 3, role: 'host', ...none },
      { match_id: 4, schedule_id: 2, user_id: 3, partner_id: 1, role: 'guest', ...none },
    ]);
    // What describes the request stays; the pairs are gone.
    expect((await client.query('select id, status, cancelled_by from match_requests order by id')).rows).toEqual([
      { id: 1, status: 'CONFIRMED', cancelled_by: null },
      { id: 2, status: 'CANCELLED', cancelled_by: 'requester' },
      { id: 3, status: 'CANCELLED', cancelled_by: 'host' },
      { id: 4, status: 'PENDING', cancelled_by: null },
    ]);
    const columns = (await client.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'match_requests'`)).rows.map((c) => c.column_name);
    for (const gone of ['host_reviewed', 'requester_reviewed', 'host_hidden', 'requester_hidden', 'host_arrived_at', 'requester_arrived_at', 'host_reports_attended', 'requester_reports_attended', 'host_reported_at', 'requester_reported_at', 'host_reminded_at', 'requester_reminded_at', 'late_cancel']) {
      expect(columns).not.toContain(gone);
    }
    // One row per role per match; a role outside host | guest is refused; deleting the request deletes its rows.
    await expect(client.exec(`insert into match_members (match_id, schedule_id, user_id, partner_id, role) values (4, 2, 1, 3, 'host')`)).rejects.toThrow();
    await expect(client.exec(`insert into match_members (match_id, schedule_id, user_id, partner_id, role) values (4, 2, 1, 3, 'cook')`)).rejects.toThrow();
    await client.exec('delete from match_requests where id = 4');
    expect((await client.query('select count(*)::int as n from match_members')).rows).toEqual([{ n: 6 }]);
    await client.close();
  });
});

describe('migration 0023_lists_stay_flat (issue #33 item 4)', () => {
  it("gives existing posts their plain text and counts existing visible schedules per slot; the trigger keeps the counts whoever writes", async () => {
    const client = new PGlite({ extensions: { cube, earthdistance, pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: await migrationsBefore('0023_lists_stay_flat') });
    await client.exec(`
      insert into users (email, name) values ('host@example.com', '호스트');
      insert into posts (author_id, title, content) values (1, '글', '<p>평양<strong>냉면</strong> &amp; <a href="https://example.com">만두</a></p>');
      insert into schedules (user_id, date, hour, text, place_name, place_category, participants, cancelled_at, hidden_at) values
        (1, '2026-12-01', 12, 't', 'p', '한식', 2, null, null),
        (1, '2026-12-01', 12, 't', 'p', '한식', 2, null, null),
        (1, '2026-12-01', 12, 't', 'p', '중식', 2, now(), null),
        (1, '2026-12-01', 13, 't', 'p', '중식', 2, null, now());
    `);
    await migrate(db, { migrationsFolder });

    // Each tag becomes a space (as the search read the content before), entities are decoded.
    const [{ content_text: text }] = (await client.query<{ content_text: string }>('select content_text from posts')).rows as [{ content_text: string }];
    expect(text.replace(/\s+/g, ' ').trim()).toBe('평양 냉면 & 만두');
    const slots = async () => (await client.query('select date::text as date, hour, place_category, n from schedule_slot_counts order by 1, 2, 3')).rows;
    expect(await slots()).toEqual([{ date: '2026-12-01', hour: 12, place_category: '한식', n: 2 }]);
    // Hidden and restored, moved, cancelled, deleted: the counts follow; an emptied slot goes.
    await client.exec(`update schedules set hidden_at = null where hour = 13`);
    await client.exec(`update schedules set hour = 14, place_category = '카페' where id = 1`);
    expect(await slots()).toEqual([
      { date: '2026-12-01', hour: 12, place_category: '한식', n: 1 },
      { date: '2026-12-01', hour: 13, place_category: '중식', n: 1 },
      { date: '2026-12-01', hour: 14, place_category: '카페', n: 1 },
    ]);
    await client.exec(`update schedules set cancelled_at = now() where id = 2; delete from schedules where hour = 13; update schedules set text = 'x'`);
    expect(await slots()).toEqual([{ date: '2026-12-01', hour: 14, place_category: '카페', n: 1 }]);
    await client.close();
  });
});
