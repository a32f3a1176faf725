/**
 * Reviews API (issue #5): who may review, validation, one per side, aggregates under concurrency,
 * the received list, deletion (average unchanged) and the featured reviews built from them.
 * Runs on PGlite (`node`) and PostgreSQL (`node-postgres`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, kstNoonToday, mealHappened, requestMatch } from '../../test/schedule-fixtures.ts';

type Member = Awaited<ReturnType<TestApp['quickMember']>>;
let t: TestApp;
let host: Member;
let guest: Member;
let stranger: Member;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(kstNoonToday());
  host = await t.quickMember({ name: '호스트', profileImage: '/avatars/duck.svg' });
  guest = await t.quickMember({ name: '게스트' });
  stranger = await t.quickMember({ name: '남' });
});
afterAll(async () => {
  await t.close();
});

/** A match of `h`'s new schedule requested by `g`, moved to `status`; its meal has happened unless `happened` is false. */
async function matchBetween(h: Member, g: Member, status: 'PENDING' | 'ACCEPTED' | 'CONFIRMED' = 'CONFIRMED', happened = true): Promise<number> {
  const scheduleId = await createSchedule(t, h.headers, { participants: 8 });
  const id = await requestMatch(t, g.headers, scheduleId);
  if (status !== 'PENDING') expect((await act(t, h.headers, id, 'accept')).statusCode).toBe(200);
  if (status === 'CONFIRMED') expect((await act(t, h.headers, id, 'confirm')).statusCode).toBe(200);
  if (happened) await mealHappened(t, scheduleId);
  return id;
}

const post = (m: Member, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/reviews', headers: m.headers, payload: payload as object });
const me = async (m: Member) => (await t.app.inject({ url: '/api/user/me', headers: m.headers })).json() as { reviewCount: number; averageRating: number };
const mine = async (m: Member) => (await t.app.inject({ url: '/api/reviews/my', headers: m.headers })).json() as Array<{ id: number; rating: number; comment: string; reviewer: { name: string } }>;
const featured = async () => {
  const res = await t.app.inject({ url: '/api/ai/featured-reviews' });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{ reviewerName: string; reviewerProfileImage: string | null; rating: number; comment: string }>;
};

describe('POST /api/reviews', () => {
  it('both sides review once; flags, aggregates and the received list follow', async () => {
    const h = await t.quickMember({ name: '리뷰호스트', profileImage: '/avatars/bear.svg' });
    const g = await t.quickMember({ name: '리뷰게스트' });
    const matchId = await matchBetween(h, g);
    const res = await post(g, { matchId, revieweeId: h.id, rating: 4, comment: '  즐거운 식사였어요  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ matchId, revieweeId: h.id, rating: 4, comment: '즐거운 식사였어요', reviewer: { name: '리뷰게스트', profileImage: null } });
    expect(new Date(res.json().createdAt).toString()).not.toBe('Invalid Date');
    let sent = (await t.app.inject({ url: '/api/matches/sent', headers: g.headers })).json().find((m: { id: number }) => m.id === matchId);
    expect(sent).toMatchObject({ hostReviewed: false, requesterReviewed: true });

    expect((await post(h, { matchId, revieweeId: g.id, rating: 5, comment: '' })).statusCode).toBe(201);
    sent = (await t.app.inject({ url: '/api/matches', headers: h.headers })).json().find((m: { id: number }) => m.id === matchId);
    expect(sent).toMatchObject({ hostReviewed: true, requesterReviewed: true });
    expect(await me(h)).toMatchObject({ reviewCount: 1, averageRating: 4 });
    expect(await me(g)).toMatchObject({ reviewCount: 1, averageRating: 5 });
    const list = await mine(h);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ rating: 4, comment: '즐거운 식사였어요', reviewer: { name: '리뷰게스트' } });

    const again = await post(g, { matchId, revieweeId: h.id, rating: 3, comment: '또' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'ALREADY_REVIEWED', message: '이미 리뷰를 작성했습니다.' });
    expect(await me(h)).toMatchObject({ reviewCount: 1, averageRating: 4 });
  });

  it('non-participant 403, not confirmed 409, wrong reviewee 400, unknown match 404', async () => {
    const confirmed = await matchBetween(host, guest);
    const stray = await post(stranger, { matchId: confirmed, revieweeId: host.id, rating: 5, comment: '' });
    expect(stray.statusCode).toBe(403);
    expect(stray.json().code).toBe('NOT_PARTICIPANT');
    for (const status of ['PENDING', 'ACCEPTED'] as const) {
      const m = await matchBetween(host, await t.quickMember(), status);
      const res = await post(host, { matchId: m, revieweeId: guest.id, rating: 5, comment: '' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'NOT_CONFIRMED', message: '확정된 매칭에만 리뷰를 작성할 수 있습니다.' });
    }
    for (const revieweeId of [guest.id, stranger.id]) {
      const res = await post(guest, { matchId: confirmed, revieweeId, rating: 5, comment: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('WRONG_REVIEWEE');
    }
    const unknown = await post(guest, { matchId: 999_999, revieweeId: host.id, rating: 5, comment: '' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/[가-힣]/);
  });

  it('rating 0, 6, 2.5 and a 501-character comment → 400 with a Korean message; 500 characters pass', async () => {
    const matchId = await matchBetween(host, await t.quickMember());
    const base = { matchId, revieweeId: 0, rating: 3, comment: '' };
    const [m] = (await t.app.inject({ url: '/api/matches', headers: host.headers })).json().filter((x: { id: number }) => x.id === matchId);
    base.revieweeId = m.requester.id;
    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 2.5 }, { rating: null }, { comment: 'ㄱ'.repeat(501) }, { comment: undefined }, { extra: 1 }]) {
      const res = await post(host, { ...base, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toMatch(/[가-힣]/);
    }
    const ok = await post(host, { ...base, comment: '가'.repeat(500) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().comment).toHaveLength(500);
  });

  it('concurrent reviews of one member (several matches at once) keep exact aggregates', async () => {
    const star = await t.quickMember({ name: '인기회원' });
    const guests = await Promise.all(Array.from({ length: 6 }, (_, i) => t.quickMember({ name: `손님${i}` })));
    const matches: number[] = [];
    for (const g of guests) matches.push(await matchBetween(star, g));
    const ratings = [5, 4, 3, 5, 2, 4];
    const results = await Promise.all(guests.map((g, i) => post(g, { matchId: matches[i], revieweeId: star.id, rating: ratings[i], comment: `후기 ${i}` })));
    expect(results.map((r) => r.statusCode)).toEqual(ratings.map(() => 201));
    const sum = ratings.reduce((a, b) => a + b, 0);
    expect(await me(star)).toMatchObject({ reviewCount: 6, averageRating: sum / 6 });
    expect(await mine(star)).toHaveLength(6);
  });

  it('the same side posting twice at once: one 201, one 409, counted once', async () => {
    const h = await t.quickMember();
    const g = await t.quickMember();
    const matchId = await matchBetween(h, g);
    const results = await Promise.all([1, 2, 3].map(() => post(g, { matchId, revieweeId: h.id, rating: 5, comment: '동시에' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await me(h)).toMatchObject({ reviewCount: 1, averageRating: 5 });
  });

  it('before the meal starts: 409 REVIEW_TOO_EARLY and nothing counted (issue #15)', async () => {
    const h = await t.quickMember();
    const g = await t.quickMember();
    const matchId = await matchBetween(h, g, 'CONFIRMED', false);
    const early = await post(g, { matchId, revieweeId: h.id, rating: 5, comment: '미리' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'REVIEW_TOO_EARLY', message: expect.stringMatching(/^(\d+월 \d+일 \(.\) )?오(전|후) \d+(:\d\d|시)부터 후기를 쓸 수 있어요\.$/) });
    expect(await me(h)).toMatchObject({ reviewCount: 0, averageRating: 0 });
    const sent = (await t.app.inject({ url: '/api/matches/sent', headers: g.headers })).json().find((m: { id: number }) => m.id === matchId);
    expect(sent).toMatchObject({ requesterReviewed: false });
  });

  it('one reviewer counts once: five reviews through five matches leave reviewCount 1 and their latest rating (issue #15)', async () => {
    const h = await t.quickMember({ name: '인기호스트' });
    const fan = await t.quickMember({ name: '열성팬' });
    for (const rating of [5, 5, 5, 5, 2]) {
      const matchId = await matchBetween(h, fan);
      t.clock.advance(1000);
      expect((await post(fan, { matchId, revieweeId: h.id, rating, comment: '' })).statusCode).toBe(201);
    }
    expect(await me(h)).toMatchObject({ reviewCount: 1, averageRating: 2 });
    const other = await t.quickMember();
    const matchId = await matchBetween(h, other);
    expect((await post(other, { matchId, revieweeId: h.id, rating: 4, comment: '' })).statusCode).toBe(201);
    expect(await me(h)).toMatchObject({ reviewCount: 2, averageRating: 3 });
  });

  it('401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reviews', payload: { matchId: 1, revieweeId: 1, rating: 3, comment: '' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/reviews/my and DELETE /api/reviews/{id}', () => {
  it('newest first; only the reviewee deletes; the average does not change', async () => {
    const r = await t.quickMember({ name: '받는이' });
    const a = await t.quickMember({ name: '첫째' });
    const b = await t.quickMember({ name: '둘째' });
    const ma = await matchBetween(r, a);
    const mb = await matchBetween(r, b);
    expect((await post(a, { matchId: ma, revieweeId: r.id, rating: 5, comment: '처음' })).statusCode).toBe(201);
    t.clock.advance(60_000);
    expect((await post(b, { matchId: mb, revieweeId: r.id, rating: 2, comment: '두번째' })).statusCode).toBe(201);
    const list = await mine(r);
    expect(list.map((x) => x.comment)).toEqual(['두번째', '처음']);
    expect(await mine(a)).toEqual([]);
    const before = await me(r);
    expect(before).toMatchObject({ reviewCount: 2, averageRating: 3.5 });

    const id = list[0]!.id;
    const byWriter = await t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}`, headers: b.headers });
    expect(byWriter.statusCode).toBe(403);
    expect(byWriter.json().code).toBe('NOT_REVIEWEE');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}`, headers: stranger.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/reviews/999999', headers: r.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/reviews/abc', headers: r.headers })).statusCode).toBe(400);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}`, headers: r.headers });
    expect(del.statusCode).toBe(204);
    expect((await mine(r)).map((x) => x.comment)).toEqual(['처음']);
    expect(await me(r)).toEqual(before);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}`, headers: r.headers })).statusCode).toBe(404);
    // The writer cannot post again for that match either.
    expect((await post(b, { matchId: mb, revieweeId: r.id, rating: 5, comment: '다시' })).statusCode).toBe(409);
  });
});

describe('GET /api/ai/featured-reviews', () => {
  it('answers without a token; excludes low ratings, contact details, repeats, deleted; one per reviewer', async () => {
    const target = await t.quickMember({ name: '대상' });
    const write = async (name: string, rating: number, comment: string) => {
      const w = await t.quickMember({ name, profileImage: `/avatars/${name}.svg` });
      const matchId = await matchBetween(target, w);
      t.clock.advance(1000);
      const res = await post(w, { matchId, revieweeId: target.id, rating, comment });
      expect(res.statusCode).toBe(201);
      return { w, id: res.json().id as number };
    };
    const good = await write('좋은', 5, '정말 친절하고 대화가 즐거웠어요. 또 같이 먹고 싶어요!');
    await write('낮은', 3, '그럭저럭 괜찮았지만 조금 늦으셨어요 아쉬워요');
    await write('짧은', 5, '좋아요');
    await write('전화', 5, '연락주세요 010-1234-5678 맛집 또 가요 꼭이요');
    await write('전화2', 5, '번호는 01012345678 입니다 편하게 연락 주세요');
    await write('국제', 5, '+82 10 1234 5678 로 연락 주시면 같이 가요');
    await write('메일', 5, '메일 주세요 someone@example.com 으로 부탁드려요');
    await write('링크', 5, '여기 보세요 https://spam.example 최고의 맛집입니다');
    await write('반복', 5, '정말 친절하고 대화가 즐거웠어요.  또 같이 먹고 싶어요');
    const deleted = await write('삭제', 5, '삭제될 후기지만 내용은 충분히 길게 적었습니다');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reviews/${deleted.id}`, headers: target.headers })).statusCode).toBe(204);
    // One reviewer with two good reviews: only the newer one.
    const twice = await t.quickMember({ name: '두번', profileImage: '/avatars/두번.svg' });
    for (const comment of ['첫 번째 식사도 아주 좋았습니다 감사합니다', '두 번째 식사는 더 좋았어요 다음에 또 봬요']) {
      const matchId = await matchBetween(target, twice);
      t.clock.advance(1000);
      expect((await post(twice, { matchId, revieweeId: target.id, rating: 4, comment })).statusCode).toBe(201);
    }
    const list = await featured();
    // Names are masked for visitors (issue #31 item 4: 좋* for 좋은), so reviewers are told apart by their picture.
    const nameOf = (x: { reviewerProfileImage: string | null }) => /\/avatars\/(.+)\.svg$/.exec(x.reviewerProfileImage ?? '')?.[1];
    const names = list.map(nameOf);
    expect(names).toContain('좋은');
    for (const n of ['낮은', '짧은', '전화', '전화2', '국제', '메일', '링크', '반복', '삭제']) expect(names).not.toContain(n);
    expect(list.filter((x) => nameOf(x) === '두번').map((x) => x.comment)).toEqual(['두 번째 식사는 더 좋았어요 다음에 또 봬요']);
    // Newer first.
    expect(names.indexOf('두번')).toBeLessThan(names.indexOf('좋은'));
    expect(list.find((x) => nameOf(x) === '좋은')).toEqual({ reviewerName: '좋*', reviewerProfileImage: '/avatars/좋은.svg', rating: 5, comment: '정말 친절하고 대화가 즐거웠어요. 또 같이 먹고 싶어요!' });
    expect(list.length).toBeLessThanOrEqual(12);
    expect(good.w.id).toBeGreaterThan(0);
  });
});
