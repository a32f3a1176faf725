import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const wizard = { name: '김철수', age: 27, bio: '맛집 탐방 좋아해요', profileImage: '/avatars/bear.svg', preferences: { 한식: true, '매운맛 러버': true, 맵찔이: false } };
const put = (headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/user/profile', headers, payload: payload as object });

describe('GET /api/user/me', () => {
  it('answers the caller as a User; 401 anonymous', async () => {
    const m = await t.registerMember({ name: '이영희' });
    const res = await t.app.inject({ url: '/api/user/me', headers: m.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: m.id, name: '이영희', email: m.email, age: null, bio: null, profileImage: null, preferences: {}, neighbourhood: null, reviewCount: 0, averageRating: 0, isNewUser: true, hasPassword: true, safetyGuideSeen: false, consentRequired: false, role: 'member',
    });
    const anon = await t.app.inject({ url: '/api/user/me' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: '로그인이 필요해요.', code: 'NO_TOKEN' });
  });
});

describe('PUT /api/user/profile', () => {
  it('saves the wizard payload, answers the updated user and clears isNewUser', async () => {
    const m = await t.registerMember();
    const res = await put(m.headers, wizard);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...wizard, id: m.id, email: m.email, isNewUser: false });
    const me = await t.app.inject({ url: '/api/user/me', headers: m.headers });
    expect(me.json()).toMatchObject({ name: '김철수', age: 27, isNewUser: false, preferences: wizard.preferences });
    // A second save (profile edit) keeps it cleared; omitted bio/profileImage stay, preferences are replaced.
    const edit = await put(m.headers, { name: '김철수2', age: null, preferences: { 일식: true } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ name: '김철수2', age: null, bio: wizard.bio, profileImage: wizard.profileImage, preferences: { 일식: true }, isNewUser: false });
    // null clears.
    expect((await put(m.headers, { name: 'a', age: 30, bio: null, profileImage: null, preferences: {} })).json()).toMatchObject({ bio: null, profileImage: null });
  });

  it('ignores the read-only fields of the full profile object (issue #17): the e-mail, counts and flags never change', async () => {
    const m = await t.registerMember();
    const before = (await t.app.inject({ url: '/api/user/me', headers: m.headers })).json();
    // The whole object the client read, edited, sent back — with read-only fields altered.
    const res = await put(m.headers, { ...before, ...wizard, id: 999_999, email: 'hijack@example.com', isNewUser: true, reviewCount: 100, averageRating: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: m.id, email: m.email, isNewUser: false, reviewCount: 0, averageRating: 0, name: wizard.name });
    expect((await t.app.inject({ url: '/api/user/me', headers: m.headers })).json()).toMatchObject({ id: m.id, email: m.email, reviewCount: 0 });
  });

  it('refuses unknown preference labels, non-boolean values and fields that are not part of the profile (gender)', async () => {
    const m = await t.registerMember();
    for (const payload of [
      { ...wizard, preferences: { 피자: true } },
      { ...wizard, preferences: { 한식: 'yes' } },
      { ...wizard, gender: 'male' },
    ]) {
      const res = await put(m.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('validates name, age and profile image', async () => {
    const m = await t.registerMember();
    expect((await put(m.headers, { ...wizard, name: '' })).statusCode).toBe(400);
    expect((await put(m.headers, { ...wizard, name: '   ' })).statusCode).toBe(400);
    expect((await put(m.headers, { ...wizard, name: 'x'.repeat(31) })).statusCode).toBe(400);
    expect((await put(m.headers, { ...wizard, age: 3 })).statusCode).toBe(400);
    expect((await put(m.headers, { ...wizard, age: 27.5 })).statusCode).toBe(400);
    expect((await put(m.headers, { ...wizard, profileImage: 'https://evil.example/x.png' })).statusCode).toBe(400);
    expect((await put(m.headers, { ...wizard, profileImage: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await put(m.headers, { ...wizard, profileImage: '/uploads/../../etc/passwd' })).statusCode).toBe(400);
    expect((await put(m.headers, { name: 'x' })).statusCode).toBe(400);
    // Nothing was saved.
    expect((await t.app.inject({ url: '/api/user/me', headers: m.headers })).json().isNewUser).toBe(true);
  });

  it('401 anonymous', async () => {
    expect((await put({}, wizard)).statusCode).toBe(401);
  });
});

describe('PUT /api/user/profile: the 동네 distance is measured from (issue #31 item 2)', () => {
  const me = async (headers: Record<string, string>) => (await t.app.inject({ url: '/api/user/me', headers })).json();

  it('saves a 동네 of the list, answers it on GET /api/user/me, keeps it when absent and clears it with null', async () => {
    const m = await t.registerMember();
    expect((await me(m.headers)).neighbourhood).toBeNull();
    const saved = await put(m.headers, { ...wizard, neighbourhood: '역삼동' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().neighbourhood).toBe('역삼동');
    expect((await me(m.headers)).neighbourhood).toBe('역삼동');
    // The wizard's payload (no neighbourhood) keeps it; another name replaces it; null clears it.
    expect((await put(m.headers, wizard)).json().neighbourhood).toBe('역삼동');
    expect((await put(m.headers, { ...wizard, neighbourhood: '망원동' })).json().neighbourhood).toBe('망원동');
    expect((await put(m.headers, { ...wizard, neighbourhood: null })).json().neighbourhood).toBeNull();
    expect((await me(m.headers)).neighbourhood).toBeNull();
  });

  it('refuses a name not on the list with 400 VALIDATION naming neighbourhood; nothing is saved', async () => {
    const m = await t.registerMember();
    expect((await put(m.headers, { ...wizard, neighbourhood: '성수동' })).statusCode).toBe(200);
    for (const neighbourhood of ['강남', '역삼1동', 'Yeoksam-dong', '', '동'.repeat(21), 42]) {
      const res = await put(m.headers, { ...wizard, name: '바뀐이름', neighbourhood });
      expect(res.statusCode, String(neighbourhood)).toBe(400);
      expect(res.json(), String(neighbourhood)).toEqual({ message: "'동네'(neighbourhood) 값이 올바르지 않아요.", code: 'VALIDATION', field: 'neighbourhood' });
    }
    expect(await me(m.headers)).toMatchObject({ name: wizard.name, neighbourhood: '성수동' });
  });
});

describe('PUT /api/user/profile: profileImage is an own upload or a built-in avatar (issue #13)', () => {
  /** Uploads a small PNG as `headers`' member; answers its `/uploads/…` URL. */
  async function uploadAs(headers: Record<string, string>): Promise<string> {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } }).png().toBuffer();
    const boundary = 'bs-users-test';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/images/upload', payload, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode).toBe(201);
    return res.json().url;
  }
  const me = async (headers: Record<string, string>) => (await t.app.inject({ url: '/api/user/me', headers })).json();

  it('accepts the member\'s own upload and every built-in avatar', async () => {
    const m = await t.registerMember();
    const own = await uploadAs(m.headers);
    const res = await put(m.headers, { ...wizard, profileImage: own });
    expect(res.statusCode).toBe(200);
    expect(res.json().profileImage).toBe(own);
    for (const avatar of ['/avatars/bear.svg', '/avatars/duck.svg', '/avatars/rabbit.svg', '/avatars/frog.svg', '/avatars/default.svg']) {
      const r = await put(m.headers, { ...wizard, profileImage: avatar });
      expect(r.statusCode, avatar).toBe(200);
      expect(r.json().profileImage).toBe(avatar);
    }
    // The profile edit resends the stored value with every save: unchanged, it stays accepted.
    expect((await put(m.headers, { ...wizard, profileImage: own })).statusCode).toBe(200);
    expect((await put(m.headers, { ...wizard, name: '새 이름', profileImage: own })).json()).toMatchObject({ name: '새 이름', profileImage: own });
  });

  it("refuses another member's upload, /uploads/.., names with dots, unknown names, other /avatars/ files and external URLs; nothing is saved", async () => {
    const owner = await t.registerMember();
    const theirs = await uploadAs(owner.headers);
    const m = await t.registerMember();
    const mine = await uploadAs(m.headers);
    expect((await put(m.headers, { ...wizard, profileImage: mine })).statusCode).toBe(200);
    for (const profileImage of [
      theirs,
      '/uploads/..',
      '/uploads/...',
      '/uploads/a..b.webp',
      `${mine}.`,
      '/uploads/0123456789abcdef0123456789abcdef.webp',
      '/uploads/',
      '/avatars/cat.svg',
      '/avatars/..',
      'https://evil.example/x.png',
      `http://localhost${mine}`,
    ]) {
      const res = await put(m.headers, { ...wizard, profileImage });
      expect(res.statusCode, profileImage).toBe(400);
      const body = res.json();
      expect(body.message, profileImage).toMatch(/프로필 사진.*profileImage/);
      expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['code', 'message']));
    }
    expect((await me(m.headers)).profileImage).toBe(mine);
    expect((await me(owner.headers)).profileImage).toBeNull();
    // The service's own answer (past the schema) is exact.
    expect((await put(m.headers, { ...wizard, profileImage: theirs })).json()).toEqual({
      message: "'프로필 사진'(profileImage)은 직접 올린 이미지나 기본 아바타만 고를 수 있어요.",
      code: 'INVALID_PROFILE_IMAGE',
    });
  });
});
