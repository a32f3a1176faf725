/**
 * Issue #17 item 4: blocks. The API (201 / 200 / 400 / 404, list, unblock) and the effects, both
 * ways: schedules leave the matching list and the random match, posts and comments leave the
 * board, requests between the two are refused, open matches are cancelled without telling the
 * blocked member, chat messages are refused (HTTP and STOMP), no notification passes. Issue #32
 * item 5: requests to a table where anyone seated is across a block, the table chat, the 1:1
 * chat's SUBSCRIBE and the public profile. Runs on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSummary } from '../../../common/api/chat.ts';
import {
  chatReadsTopic,
  chatSendDestination,
  chatTopic,
  tableSendDestination,
  tableTopic,
  USER_ERRORS_DESTINATION,
  userChatsTopic,
  type ChatActivity,
  type TableMessage,
} from '../../../common/realtime.ts';
import { listen, stompClient, waitFor, type TestStomp } from '../../realtime/test-clients.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, requestMatch, scheduleInList } from '../../test/schedule-fixtures.ts';

let t: TestApp;
let url: string;
const open: TestStomp[] = [];
type Member = Awaited<ReturnType<TestApp['quickMember']>>;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://app.test' }, realtime: { stomp: { heartbeatMs: 0 } } });
  url = await listen(t);
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await t.close();
});

const block = (by: Member, userId: number) => t.app.inject({ method: 'POST', url: '/api/blocks', headers: by.headers, payload: { userId } });
const unblock = (by: Member, userId: number) => t.app.inject({ method: 'DELETE', url: `/api/blocks/${userId}`, headers: by.headers });
const inbox = async (m: Member) => (await t.app.inject({ url: '/api/notifications?limit=50', headers: m.headers })).json<Array<{ type: string; matchId?: number }>>();
const matchStatus = async (m: Member, id: number) => {
  const lists = await Promise.all(['/api/matches/sent', '/api/matches/received'].map(async (u) => (await t.app.inject({ url: u, headers: m.headers })).json<Array<{ id: number; status: string }>>()));
  return lists.flat().find((x) => x.id === id)?.status;
};

describe('POST/DELETE/GET /api/blocks', () => {
  it('201 then 200 again; listed newest first with the name; 400 self; 404 unknown; DELETE 204 removes it', async () => {
    const a = await t.quickMember({ name: '차단자' });
    const b = await t.quickMember({ name: '상대' });
    const c = await t.quickMember({ name: '다른 상대' });
    expect((await block(a, b.id)).statusCode).toBe(201);
    expect((await block(a, b.id)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await block(a, c.id)).statusCode).toBe(201);
    const list = (await t.app.inject({ url: '/api/blocks', headers: a.headers })).json<Array<{ user: { id: number; name: string } }>>();
    expect(list.map((x) => x.user)).toEqual([
      { id: c.id, name: '다른 상대' },
      { id: b.id, name: '상대' },
    ]);
    const self = await block(a, a.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'SELF', message: expect.stringMatching(/[가-힣]/) });
    expect((await block(a, 2_000_000_000)).statusCode).toBe(404);
    expect((await unblock(a, b.id)).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/blocks', headers: a.headers })).json<Array<{ user: { id: number } }>>().map((x) => x.user.id)).toEqual([c.id]);
    // b never sees a's list.
    expect((await t.app.inject({ url: '/api/blocks', headers: b.headers })).json()).toEqual([]);
  });
});

describe('a block holds both ways', () => {
  it("each other's schedules leave the matching list and the random match; unblocking brings them back", async () => {
    const a = await t.quickMember();
    const b = await t.quickMember();
    const ofA = await createSchedule(t, a.headers);
    const ofB = await createSchedule(t, b.headers);
    expect(await scheduleInList(t, b.headers, ofA)).toBeDefined();
    expect((await block(a, b.id)).statusCode).toBe(201);
    expect(await scheduleInList(t, b.headers, ofA)).toBeUndefined();
    expect(await scheduleInList(t, a.headers, ofB)).toBeUndefined();
    // Only a's schedule is open for b (plus others'); the random match never picks it.
    for (let i = 0; i < 5; i += 1) {
      const r = await t.app.inject({ url: '/api/schedules/random', headers: b.headers });
      if (r.statusCode === 200) expect(r.json().user.id).not.toBe(a.id);
    }
    expect((await unblock(a, b.id)).statusCode).toBe(204);
    expect(await scheduleInList(t, b.headers, ofA)).toBeDefined();
  });

  it("each other's posts and comments leave the board", async () => {
    const a = await t.quickMember();
    const b = await t.quickMember();
    const post = await t.app.inject({ method: 'POST', url: '/api/board', headers: a.headers, payload: { title: '차단 테스트 글', content: '<p>맛있어요</p>', tags: [] } });
    expect(post.statusCode).toBe(201);
    const postId = post.json().id as number;
    const other = await t.quickMember();
    const otherPost = (await t.app.inject({ method: 'POST', url: '/api/board', headers: other.headers, payload: { title: '다른 글', content: '<p>좋아요</p>', tags: [] } })).json().id as number;
    expect((await t.app.inject({ method: 'POST', url: `/api/board/${otherPost}/comments`, headers: b.headers, payload: { text: 'b의 댓글' } })).statusCode).toBe(201);
    expect((await block(b, a.id)).statusCode).toBe(201);
    const board = (who: Member) => t.app.inject({ url: '/api/board?limit=100', headers: who.headers }).then((r) => r.json<Array<{ id: number; commentCount: number }>>());
    const comments = (who: Member) => t.app.inject({ url: `/api/board/${otherPost}/comments`, headers: who.headers }).then((r) => r.json<Array<{ text: string }>>());
    expect((await board(b)).some((p) => p.id === postId)).toBe(false);
    expect((await comments(a)).map((c) => c.text)).not.toContain('b의 댓글');
    expect((await board(a)).find((p) => p.id === otherPost)!.commentCount).toBe(0);
    // A member outside the block still sees both.
    const third = await board(other);
    expect(third.some((p) => p.id === postId)).toBe(true);
    expect((await comments(other)).map((c) => c.text)).toContain('b의 댓글');
    expect(third.find((p) => p.id === otherPost)!.commentCount).toBe(1);
  });

  it("neither side can comment on, like or view-count the other's posts (issue #32 item 5): 404 as for reading it", async () => {
    const blocker = await t.quickMember();
    const blocked = await t.quickMember();
    const outsider = await t.quickMember();
    const postId = (await t.app.inject({ method: 'POST', url: '/api/board', headers: blocker.headers, payload: { title: '차단한 사람의 글', content: '<p>내용</p>', tags: [] } })).json().id as number;
    expect((await block(blocker, blocked.id)).statusCode).toBe(201);
    const comment = await t.app.inject({ method: 'POST', url: `/api/board/${postId}/comments`, headers: blocked.headers, payload: { text: '보이면 안 되는 댓글' } });
    expect(comment.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/board/${postId}/like`, headers: blocked.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/board/${postId}/view`, headers: blocked.headers })).statusCode).toBe(404);
    const seen = (await t.app.inject({ url: `/api/board/${postId}`, headers: outsider.headers })).json<{ views: number; likes: number; commentCount: number }>();
    expect(seen).toMatchObject({ likes: 0, commentCount: 0 });
    expect((await t.app.inject({ url: `/api/board/${postId}/comments`, headers: outsider.headers })).json()).toEqual([]);
    // The blocker cannot act on the blocked member's posts either.
    const theirs = (await t.app.inject({ method: 'POST', url: '/api/board', headers: blocked.headers, payload: { title: '차단된 사람의 글', content: '<p>내용</p>', tags: [] } })).json().id as number;
    expect((await t.app.inject({ method: 'POST', url: `/api/board/${theirs}/comments`, headers: blocker.headers, payload: { text: '댓글' } })).statusCode).toBe(404);
    // Outside the block everything still works.
    expect((await t.app.inject({ method: 'POST', url: `/api/board/${postId}/comments`, headers: outsider.headers, payload: { text: '좋은 글이에요' } })).statusCode).toBe(201);
  });

  it('a request between them is refused with 403 BLOCKED, whichever side blocked', async () => {
    const a = await t.quickMember();
    const b = await t.quickMember();
    const ofA = await createSchedule(t, a.headers);
    const ofB = await createSchedule(t, b.headers);
    expect((await block(b, a.id)).statusCode).toBe(201);
    for (const [who, scheduleId] of [
      [b, ofA],
      [a, ofB],
    ] as const) {
      const r = await t.app.inject({ method: 'POST', url: '/api/matches', headers: who.headers, payload: { scheduleId } });
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ code: 'BLOCKED', message: '요청을 보낼 수 없는 회원이에요.' });
    }
  });

  it('open matches between them become CANCELLED (the seat freed), the blocked member is not notified, and the chat refuses messages', async () => {
    const host = await t.quickMember({ name: '호스트' });
    const guest = await t.quickMember({ name: '게스트' });
    const accepted = await requestMatch(t, guest.headers, await createSchedule(t, host.headers, { participants: 2 }));
    expect((await act(t, host.headers, accepted, 'accept')).statusCode).toBe(200);
    const pending = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
    const g = stompClient(url, guest.token, { origin: 'http://app.test' });
    open.push(g);
    await g.connected;
    const errors = g.subscribe(USER_ERRORS_DESTINATION);
    await g.sync();
    const before = (await inbox(guest)).length;

    expect((await block(host, guest.id)).statusCode).toBe(201);
    expect(await matchStatus(guest, accepted)).toBe('CANCELLED');
    expect(await matchStatus(guest, pending)).toBe('CANCELLED');
    // The accepted seat is free again.
    expect((await t.app.inject({ url: '/api/schedules/my', headers: host.headers })).json<Array<{ currentParticipants: number }>>().every((s) => s.currentParticipants === 1)).toBe(true);
    // Nothing reached the blocked member's inbox.
    expect((await inbox(guest)).length).toBe(before);
    // Chat: HTTP 409 (closed), and over STOMP the error queue — the session stays.
    const http = await t.app.inject({ method: 'POST', url: `/api/chat/${accepted}/messages`, headers: guest.headers, payload: { content: '안녕하세요' } });
    expect(http.statusCode).toBe(409);
    g.client.publish({ destination: chatSendDestination(accepted), body: JSON.stringify({ content: '안녕하세요' }) });
    await waitFor(() => errors.length === 1);
    expect(g.isClosed()).toBe(false);
  });

  it('a chat whose meal has started (not cancelled) refuses messages both ways with 409 CHAT_BLOCKED; the history stays readable', async () => {
    const host = await t.quickMember();
    const guest = await t.quickMember();
    const id = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
    expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/chat/${id}/messages`, headers: guest.headers, payload: { content: '먼저 보낸 말' } })).statusCode).toBe(201);
    // The meal starts before the block: it is no longer open to cancel.
    t.clock.advance(2 * 24 * 3600 * 1000);
    expect((await block(guest, host.id)).statusCode).toBe(201);
    for (const who of [host, guest]) {
      const r = await t.app.inject({ method: 'POST', url: `/api/chat/${id}/messages`, headers: who.headers, payload: { content: '또 보내요' } });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ code: 'CHAT_BLOCKED', message: '메시지를 보낼 수 없는 회원이에요.' });
    }
    const history = await t.app.inject({ url: `/api/chat/${id}/history`, headers: host.headers });
    expect(history.json<Array<{ content: string }>>().map((m) => m.content)).toEqual(['먼저 보낸 말']);
  });
});

describe('blocks everywhere (issue #32 item 5)', () => {
  const client = async (who: Member) => {
    const c = stompClient(url, who.token, { origin: 'http://app.test' });
    open.push(c);
    await c.connected;
    return c;
  };

  it('requests refused when anyone at the table is across a block (either way; the text does not say who); a pending request is no seat', async () => {
    const host = await t.quickMember();
    const seated = await t.quickMember();
    const confirmed = await t.quickMember();
    const waiting = await t.quickMember();
    const scheduleId = await createSchedule(t, host.headers, { participants: 4 });
    expect((await act(t, host.headers, await requestMatch(t, seated.headers, scheduleId), 'accept')).statusCode).toBe(200);
    const second = await requestMatch(t, confirmed.headers, scheduleId);
    expect((await act(t, host.headers, second, 'accept')).statusCode).toBe(200);
    expect((await act(t, host.headers, second, 'confirm')).statusCode).toBe(200);
    await requestMatch(t, waiting.headers, scheduleId);
    const blockedBySeated = await t.quickMember();
    const blockerOfConfirmed = await t.quickMember();
    const blockedByWaiting = await t.quickMember();
    expect((await block(seated, blockedBySeated.id)).statusCode).toBe(201);
    expect((await block(blockerOfConfirmed, confirmed.id)).statusCode).toBe(201);
    expect((await block(waiting, blockedByWaiting.id)).statusCode).toBe(201);
    const ask = (who: Member) => t.app.inject({ method: 'POST', url: '/api/matches', headers: who.headers, payload: { scheduleId } });
    for (const who of [blockedBySeated, blockerOfConfirmed]) {
      const r = await ask(who);
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ code: 'BLOCKED', message: '요청을 보낼 수 없는 회원이에요.' });
    }
    // Only a seat counts: a block with a member still waiting does not refuse the request.
    expect((await ask(blockedByWaiting)).statusCode).toBe(201);
  });

  it("another member's public profile answers 404 across a block, either way, as for an unknown member", async () => {
    const a = await t.quickMember();
    const b = await t.quickMember();
    const outsider = await t.quickMember();
    const profile = (who: Member, id: number) => t.app.inject({ url: `/api/users/${id}`, headers: who.headers });
    expect((await profile(b, a.id)).statusCode).toBe(200);
    expect((await block(a, b.id)).statusCode).toBe(201);
    for (const [who, id] of [
      [b, a.id],
      [a, b.id],
    ] as const) {
      const r = await profile(who, id);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ code: 'USER_NOT_FOUND', message: '회원을 찾을 수 없어요.' });
    }
    expect((await profile(a, a.id)).statusCode).toBe(200);
    expect((await profile(outsider, a.id)).statusCode).toBe(200);
    expect((await unblock(a, b.id)).statusCode).toBe(204);
    expect((await profile(b, a.id)).statusCode).toBe(200);
  });

  it("the 1:1 chat's SUBSCRIBE across a block is refused (CHAT_BLOCKED on /user/queue/errors, the session stays), so is its SEND; the history stays readable", async () => {
    const host = await t.quickMember();
    const guest = await t.quickMember();
    const id = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
    expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/chat/${id}/messages`, headers: guest.headers, payload: { content: '먼저 보낸 말' } })).statusCode).toBe(201);
    // Before the block the guest may follow the chat.
    const before = await client(guest);
    const beforeErrors = before.subscribe(USER_ERRORS_DESTINATION);
    before.subscribe(chatTopic(id));
    await before.sync();
    expect(before.isClosed()).toBe(false);
    expect(beforeErrors).toEqual([]);
    // The meal starts, then the host blocks the guest: the match stays open (not cancellable).
    t.clock.advance(2 * 24 * 3600 * 1000);
    expect((await block(host, guest.id)).statusCode).toBe(201);
    for (const [who, destination] of [
      [guest, chatTopic(id)],
      [host, chatTopic(id)],
      [guest, chatReadsTopic(id)],
    ] as const) {
      const c = await client(who);
      const errors = c.subscribe(USER_ERRORS_DESTINATION);
      const messages = c.subscribe(destination);
      await c.sync();
      expect(errors.map((e) => JSON.parse(e.body))).toEqual([{ code: 'chat_blocked', message: '메시지를 보낼 수 없는 회원이에요.', destination }]);
      expect(c.isClosed()).toBe(false);
      // No subscription was made: a message published there does not arrive.
      await t.app.broker.publish({ destination, body: JSON.stringify({ id: 0 }) });
      await c.sync();
      expect(messages).toEqual([]);
    }
    // SEND: refused on /user/queue/errors with CHAT_BLOCKED; the session stays.
    const sender = await client(guest);
    const errors = sender.subscribe(USER_ERRORS_DESTINATION);
    await sender.sync();
    sender.client.publish({ destination: chatSendDestination(id), body: JSON.stringify({ content: '보내져요?' }) });
    await waitFor(() => errors.length === 1);
    expect(JSON.parse(errors[0]!.body)).toMatchObject({ code: 'chat_blocked', message: '메시지를 보낼 수 없는 회원이에요.' });
    expect(sender.isClosed()).toBe(false);
    const history = await t.app.inject({ url: `/api/chat/${id}/history`, headers: guest.headers });
    expect(history.statusCode).toBe(200);
    expect(history.json<Array<{ content: string }>>().map((m) => m.content)).toEqual(['먼저 보낸 말']);
  });

  it("the table chat: two guests across a block see none of each other's messages (history, live, chat list, unread), system lines and the others' words still reach both", async () => {
    t.clock.reset();
    const host = await t.quickMember({ name: '호스트' });
    const a = await t.quickMember({ name: '가영' });
    const b = await t.quickMember({ name: '나래' });
    const scheduleId = await createSchedule(t, host.headers, { participants: 4 });
    for (const g of [a, b]) expect((await act(t, host.headers, await requestMatch(t, g.headers, scheduleId), 'accept')).statusCode).toBe(200);
    expect((await block(a, b.id)).statusCode).toBe(201);
    const [ch, ca, cb] = await Promise.all([client(host), client(a), client(b)]);
    const [lh, la, lb] = [ch, ca, cb].map((c) => c.subscribe(tableTopic(scheduleId)));
    const [, actA] = [ch, ca, cb].map((c, i) => c.subscribe(userChatsTopic([host, a, b][i]!.id)));
    await Promise.all([ch, ca, cb].map((c) => c.sync()));

    const row = async (who: Member) => (await t.app.inject({ url: '/api/chats', headers: who.headers })).json<ChatSummary[]>().find((c) => c.kind === 'table' && c.id === scheduleId)!;
    await cb.sendWithReceipt(tableSendDestination(scheduleId), { content: 'B의 말' });
    // A's chat list: neither the last message nor an unread count.
    expect(await row(a)).toMatchObject({ unreadCount: 0, lastMessage: { kind: 'system' } });
    expect(await row(host)).toMatchObject({ unreadCount: 1, lastMessage: { content: 'B의 말' } });
    expect((await t.app.inject({ method: 'POST', url: `/api/schedules/${scheduleId}/chat`, headers: a.headers, payload: { content: 'A의 말' } })).statusCode).toBe(201);
    // The host's words are the fence: each socket keeps its order, so what came before has arrived.
    expect((await t.app.inject({ method: 'POST', url: `/api/schedules/${scheduleId}/chat`, headers: host.headers, payload: { content: '호스트의 말' } })).statusCode).toBe(201);
    const texts = (list: typeof lh) => list!.map((m) => (JSON.parse(m.body) as TableMessage).content);
    await waitFor(() => texts(lh).includes('호스트의 말') && texts(la).includes('호스트의 말') && texts(lb).includes('호스트의 말'));
    expect(texts(lh)).toEqual(['B의 말', 'A의 말', '호스트의 말']);
    expect(texts(la)).toEqual(['A의 말', '호스트의 말']);
    expect(texts(lb)).toEqual(['B의 말', '호스트의 말']);
    // Unread marks: only the host is waited for on a blocked guest's message.
    expect((JSON.parse(lh![0]!.body) as TableMessage).unreadCount).toBe(1);
    // No chat-list activity about the blocked member's message.
    await waitFor(() => actA!.some((m) => (JSON.parse(m.body) as ChatActivity).lastMessage.content === '호스트의 말'));
    expect(actA!.map((m) => (JSON.parse(m.body) as ChatActivity).lastMessage.content)).not.toContain('B의 말');

    // History over HTTP, both ways; the host sees everyone.
    const history = async (who: Member) =>
      (await t.app.inject({ url: `/api/schedules/${scheduleId}/chat`, headers: who.headers })).json<TableMessage[]>().filter((m) => m.kind === 'text').map((m) => m.content);
    expect(await history(a)).toEqual(['호스트의 말', 'A의 말']);
    expect(await history(b)).toEqual(['호스트의 말', 'B의 말']);
    expect(await history(host)).toEqual(['호스트의 말', 'A의 말', 'B의 말']);
    // The chat list: B's unread count leaves out A's message (only the host's, after B's own).
    expect((await row(b)).unreadCount).toBe(1);
    // Not pushed either: table-push.test.ts sends across a block through the push stand-in.
  });
});
