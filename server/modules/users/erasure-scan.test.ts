/**
 * Issue #32 item 6: erasure and export that match the README ("Account deletion", "My data"). One
 * member with a distinctive name and e-mail gets at least one row in every table that can refer to
 * a member — the tables are read from the database's catalogue (information_schema), so a table
 * added later fails this test until it is covered — including rows others wrote that name them (a
 * notice from them, a table chat system line). Their export must hold every category; after the
 * deletion no text or jsonb column of any table (the answers cached for another member's replay
 * included) may hold their name or e-mail, and their id stays only in the columns the README keeps
 * it in. Runs on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthLoginCodes, socialAccounts, uploads } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, mealHappened, requestMatch } from '../../test/schedule-fixtures.ts';

const NAME = '지우개검사';
const EMAIL = 'erasure-scan-member@example.com';

/**
 * The columns (`table.column`) referring to `users.id` that keep a deleted member's id (README
 * "Account deletion": what others read stays, signed 탈퇴한 회원; moderation and audit records stay).
 * Every other such column must no longer hold it.
 */
const KEPT = [
  'admin_audit.admin_id',
  'chat_messages.sender_id',
  'chat_states.user_id',
  'match_members.partner_id',
  'match_members.user_id',
  'match_requests.host_id',
  'match_requests.requester_id',
  'notifications.from_user_id',
  'post_comments.author_id',
  'post_likes.user_id',
  'posts.author_id',
  'reports.reporter_id',
  'reports.resolved_by',
  'reports.target_user_id',
  'reviews.reviewee_id',
  'reviews.reviewer_id',
  'schedules.user_id',
  'table_members.user_id',
  'table_messages.sender_id',
];

let t: TestApp;
beforeAll(async () => {
  // The member is also a moderator, so the moderation columns (`resolved_by`, `admin_audit`) get a row.
  t = await createTestApp({ env: { ADMIN_EMAILS: EMAIL } });
});
afterAll(async () => {
  await t.close();
});

/** Rows of a raw query (PGlite and postgres.js answer differently shaped results). */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await t.app.db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(res) ? res : (res.rows ?? []);
}

/** Every column of a base table in the public schema that is a foreign key to `users.id`. */
async function userColumns(): Promise<string[]> {
  const found = await rows<{ table_name: string; column_name: string }>(sql`
    select k.table_name, k.column_name
    from information_schema.referential_constraints r
    join information_schema.key_column_usage k on k.constraint_name = r.constraint_name and k.constraint_schema = r.constraint_schema
    join information_schema.constraint_column_usage u on u.constraint_name = r.unique_constraint_name and u.constraint_schema = r.unique_constraint_schema
    where k.table_schema = 'public' and u.table_name = 'users' and u.column_name = 'id'`);
  return [...new Set(found.map((c) => `${c.table_name}.${c.column_name}`))].sort();
}

/** Every text, varchar and jsonb column of every base table in the public schema. */
async function textColumns(): Promise<string[]> {
  const found = await rows<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
    where c.table_schema = 'public' and tb.table_type = 'BASE TABLE' and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json')
      and c.table_name not like '\\_\\_%'`);
  return found.map((c) => `${c.table_name}.${c.column_name}`).sort();
}

/** The columns of `refs` (`table.column`) where some row matches `where(column)`: one query for all of them. */
async function columnsWhere(refs: string[], where: (column: ReturnType<typeof sql.identifier>) => ReturnType<typeof sql>): Promise<string[]> {
  const parts = refs.map((ref) => {
    const [table, column] = ref.split('.') as [string, string];
    return sql`select ${ref}::text as ref where exists (select 1 from ${sql.identifier(table)} where ${where(sql.identifier(column))})`;
  });
  const found = await rows<{ ref: string }>(sql.join(parts, sql` union all `));
  return found.map((r) => r.ref).sort();
}

/** How many rows of `table` hold `needle` anywhere in `column` (as text, case-insensitive). */
async function countText(ref: string, needle: string): Promise<number> {
  const [table, column] = ref.split('.') as [string, string];
  const [row] = await rows<{ n: number | string }>(sql`select count(*) as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${needle}%`}`);
  return Number(row!.n);
}

describe('erasure scan (issue #32 item 6)', () => {
  it('the export holds every category; after deletion no table holds their name or e-mail, and their id only where the README keeps it', async () => {
    const me = await t.registerMember({ name: NAME, email: EMAIL });
    const host = await t.quickMember({ name: '스캔호스트' });
    const guest = await t.quickMember({ name: '스캔손님' });
    const blocker = await t.quickMember({ name: '스캔차단자' });
    const stranger = await t.quickMember({ name: '스캔타인' });
    const inject = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers, payload });

    // Their own future meal with an accepted guest: requests and member rows as host, a table chat,
    // and the guest's notice from them ("지우개검사님이 … 수락했어요").
    const mine = await createSchedule(t, me.headers, { participants: 4 });
    const hosted = await requestMatch(t, guest.headers, mine);
    expect((await act(t, me.headers, hosted, 'accept')).statusCode).toBe(200);
    // A seat at another's meal: the table system line "지우개검사님이 참여했어요", a table message, a 1:1
    // chat (both ways), read positions and a mute, and a share link.
    const theirs = await createSchedule(t, host.headers, { participants: 4 });
    const joined = await requestMatch(t, me.headers, theirs);
    expect((await act(t, host.headers, joined, 'accept')).statusCode).toBe(200);
    expect((await inject(me.headers, 'POST', `/api/schedules/${theirs}/chat`, { content: '모임에서 만나요' })).statusCode).toBe(201);
    expect((await inject(me.headers, 'POST', `/api/chat/${joined}/messages`, { content: '안녕하세요' })).statusCode).toBe(201);
    expect((await inject(host.headers, 'POST', `/api/chat/${joined}/messages`, { content: '반가워요' })).statusCode).toBe(201);
    expect((await inject(me.headers, 'POST', `/api/chats/table/${theirs}/read`, { lastReadId: 1_000_000 })).statusCode).toBe(200);
    expect((await inject(me.headers, 'PUT', `/api/chats/match/${joined}/mute`, { muted: true })).statusCode).toBe(200);
    expect((await inject(me.headers, 'POST', `/api/matches/${joined}/share`)).statusCode).toBeLessThan(300);
    // A meal that happened, reviewed both ways.
    const past = await createSchedule(t, guest.headers, { participants: 4 });
    const reviewed = await requestMatch(t, me.headers, past);
    expect((await act(t, guest.headers, reviewed, 'accept')).statusCode).toBe(200);
    expect((await act(t, guest.headers, reviewed, 'confirm')).statusCode).toBe(200);
    await mealHappened(t, past);
    expect((await inject(me.headers, 'POST', '/api/reviews', { matchId: reviewed, revieweeId: guest.id, rating: 5, comment: '즐거웠어요' })).statusCode).toBe(201);
    expect((await inject(guest.headers, 'POST', '/api/reviews', { matchId: reviewed, revieweeId: me.id, rating: 4, comment: '좋았어요' })).statusCode).toBe(201);

    // The board: a post of theirs (sent with an Idempotency-Key), a comment, a like and a view of another's post.
    const post = await t.app.inject({ method: 'POST', url: '/api/board', headers: { ...me.headers, 'idempotency-key': 'erasure-scan-post' }, payload: { title: '스캔 글', content: '<p>맛집</p>', tags: [] } });
    expect(post.statusCode).toBe(201);
    const othersPost = (await inject(host.headers, 'POST', '/api/board', { title: '호스트 글', content: '<p>국밥</p>', tags: [] })).json().id as number;
    expect((await inject(me.headers, 'POST', `/api/board/${othersPost}/comments`, { text: '좋은 글이에요' })).statusCode).toBe(201);
    expect((await inject(me.headers, 'POST', `/api/board/${othersPost}/like`)).statusCode).toBe(200);
    expect((await inject(me.headers, 'PUT', `/api/board/${othersPost}/view`)).statusCode).toBe(204);
    // Another member likes their post from the offline outbox (an Idempotency-Key): the answer
    // cached for the replay is the post, signed with the member's name.
    const liked = await t.app.inject({ method: 'POST', url: `/api/board/${post.json().id}/like`, headers: { ...guest.headers, 'idempotency-key': 'erasure-scan-like' } });
    expect(liked.statusCode).toBe(200);
    expect(liked.body).toContain(NAME);

    // Blocks both ways, a report they filed (with its text), a report about them that they, as a
    // moderator, resolved (the audit row), a push registration.
    expect((await inject(me.headers, 'POST', '/api/blocks', { userId: stranger.id })).statusCode).toBe(201);
    expect((await inject(blocker.headers, 'POST', '/api/blocks', { userId: me.id })).statusCode).toBe(201);
    expect((await inject(me.headers, 'POST', '/api/reports', { targetType: 'post', targetId: othersPost, reason: 'spam', detail: '광고 같아요' })).statusCode).toBe(201);
    const about = await inject(guest.headers, 'POST', '/api/reports', { targetType: 'post', targetId: post.json().id, reason: 'other', detail: '확인 부탁해요' });
    expect(about.statusCode).toBe(201);
    const queue = (await inject(me.headers, 'GET', '/api/admin/reports?status=open')).json() as Array<{ id: number; targetId: number }>;
    const aboutMe = queue.find((r) => r.targetId === post.json().id)!;
    expect((await inject(me.headers, 'POST', `/api/admin/reports/${aboutMe.id}/resolve`, { action: 'dismiss' })).statusCode).toBe(200);
    expect((await inject(me.headers, 'POST', '/api/fcm/token', { token: 'erasure-scan-device-token' })).statusCode).toBe(204);

    // A pending password-reset code (the sign-up's code is spent).
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: EMAIL } })).statusCode).toBeLessThan(300);
    // What no route makes without a real provider or image: an upload, a social login (its e-mail), a login code.
    await t.app.db.insert(uploads).values({ name: `erasure-scan-${me.id}.webp`, ownerId: me.id });
    await t.app.db.insert(socialAccounts).values({ userId: me.id, provider: 'kakao', providerUserId: 'kakao-erasure-scan', email: EMAIL });
    await t.app.db.insert(oauthLoginCodes).values({ codeHash: `erasure-scan-${me.id}`, userId: me.id, expiresAt: new Date(t.clock.now().getTime() + 60_000) });

    // Every column referring to a member holds them (a new table or column fails here until covered).
    const refs = await userColumns();
    expect(refs.length).toBeGreaterThanOrEqual(KEPT.length);
    const covered = await columnsWhere(refs, (c) => sql`${c} = ${me.id}`);
    expect(refs.filter((r) => !covered.includes(r)), 'columns referring to users with no row for the member: give them one here').toEqual([]);
    // …and every column holding an e-mail holds theirs (the address alone names them).
    const texts = await textColumns();
    const emailColumns = texts.filter((c) => c.endsWith('.email'));
    expect(emailColumns.sort()).toEqual(['email_codes.email', 'social_accounts.email', 'users.email']);
    for (const ref of emailColumns) expect(await countText(ref, EMAIL), ref).toBeGreaterThan(0);
    // The copies of their name others hold before the deletion: a notice from them, a table system line.
    expect(await countText('notifications.message', NAME)).toBeGreaterThan(0);
    expect(await countText('table_messages.content', NAME)).toBeGreaterThan(0);

    // The export holds every category, with their own rows.
    const exported = await inject(me.headers, 'GET', '/api/user/me/export');
    expect(exported.statusCode).toBe(200);
    const data = exported.json();
    expect(data.profile).toMatchObject({ id: me.id, email: EMAIL, name: NAME });
    const nonEmpty = (v: unknown) => Array.isArray(v) && v.length > 0;
    for (const key of ['schedules', 'chatMessagesSent', 'posts', 'comments', 'blocks', 'reportsFiled', 'notifications', 'pushRegistrations', 'shareLinks', 'likes', 'postViews', 'tableMemberships', 'tableMessagesSent', 'chatStates', 'uploads', 'socialLogins']) {
      expect(nonEmpty(data[key]), key).toBe(true);
    }
    expect(nonEmpty(data.matchRequests.asHost) && nonEmpty(data.matchRequests.asRequester)).toBe(true);
    expect(nonEmpty(data.reviews.given) && nonEmpty(data.reviews.received)).toBe(true);
    expect(data.likes).toEqual([{ postId: othersPost, createdAt: expect.any(String) }]);
    expect(data.postViews).toEqual([{ postId: othersPost, countedAt: expect.any(String) }]);
    expect(data.tableMemberships.map((m: { scheduleId: number; role: string }) => [m.scheduleId, m.role]).sort()).toEqual([[mine, 'host'], [theirs, 'guest'], [past, 'guest']].sort());
    expect(data.tableMessagesSent.map((m: { content: string }) => m.content)).toEqual(expect.arrayContaining(['모임에서 만나요', `${NAME}님이 참여했어요`]));
    expect(data.chatStates).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'match', conversationId: joined, muted: true })]));
    expect(data.reportsFiled).toEqual([expect.objectContaining({ targetId: othersPost, detail: '광고 같아요' })]);
    expect(data.socialLogins).toEqual([expect.objectContaining({ provider: 'kakao', email: EMAIL })]);
    // Nothing secret and nothing of others beyond ids: no device token, no code hash, no other's message or report text.
    for (const secret of ['erasure-scan-device-token', 'tokenHash', 'codeHash', 'passwordHash', '반가워요', '확인 부탁해요']) expect(exported.body).not.toContain(secret);

    // The deletion.
    expect((await inject(me.headers, 'DELETE', '/api/user/me', { password: me.password })).statusCode).toBe(204);

    // No text or jsonb column of any table holds their name or e-mail.
    expect(await columnsWhere(texts, (c) => sql`${c}::text ilike ${`%${NAME}%`}`), 'columns still holding the name').toEqual([]);
    expect(await columnsWhere(texts, (c) => sql`${c}::text ilike ${`%${EMAIL}%`}`), 'columns still holding the e-mail').toEqual([]);
    // Their id stays exactly where the README keeps it (the users row itself: 탈퇴한 회원, no e-mail).
    expect(await columnsWhere(refs, (c) => sql`${c} = ${me.id}`)).toEqual(KEPT);
    const [user] = await rows<{ name: string; email: string | null }>(sql`select name, email from users where id = ${me.id}`);
    expect(user).toEqual({ name: '탈퇴한 회원', email: null });
    // The others' copies now say 탈퇴한 회원.
    // (joined the host's table and the past one; left the host's, cancelled by the deletion)
    expect(await countText('table_messages.content', '탈퇴한 회원님이 참여했어요')).toBe(2);
    expect(await countText('table_messages.content', '탈퇴한 회원님이 나갔어요')).toBe(1);
    expect(await countText('notifications.from_name', '탈퇴한 회원')).toBeGreaterThan(0);
    // The other member's replayed like answers the post as everyone now reads it.
    const replayed = await t.app.inject({ method: 'POST', url: `/api/board/${post.json().id}/like`, headers: { ...guest.headers, 'idempotency-key': 'erasure-scan-like' } });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).not.toContain(NAME);
    expect(replayed.body).toContain('"탈퇴한 회원"');
  });
});
