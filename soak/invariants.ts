/**
 * The soak's invariants (issue #32 item 8), as a pure function of what the database holds at the
 * end and what the simulated clients observed: soak/run.ts gathers the facts, `checkInvariants`
 * judges them (soak/invariants.test.ts feeds it broken data, one invariant at a time).
 *
 * (a) no meal over capacity; (b) `current_participants` = 1 + accepted/confirmed guests for every
 * meal; (c) every acknowledged chat message (RECEIPT received) stored exactly once by its
 * client-id, 1:1 and table; (d) one notice per change: no member holds two of the same notice
 * about the same match (match notices) or the same meal within the seat window (schedule_full /
 * seat_opened, server/modules/notifications/service.ts `noticeKey`, migration 0018), and each
 * accepted request's requester holds its `match_accepted`. The live channel delivers at least once:
 * an instance killed between sending a stored notice and marking it published leaves it to the
 * outbox sweep, which sends it again under the same id, and the app shows it once
 * (src/features/notifications/store.ts `isRepeat`). Such redeliveries are counted, not failed; two
 * notices about one change are two stored rows, which the first check fails;
 * (e) no 5xx; (f) each instance's peak RSS within the bound.
 */

/** A meal as stored: capacity, counter, and its requests that hold a seat (ACCEPTED / CONFIRMED). */
export interface MealFact {
  id: number;
  participants: number;
  currentParticipants: number;
  seatedGuests: number;
}

/** A chat SEND the server acknowledged with a RECEIPT. */
export interface AckedMessage {
  kind: 'match' | 'table';
  senderId: number;
  clientId: string;
}

/** How many rows hold a sender's client-id, per conversation kind. */
export interface StoredMessage {
  kind: 'match' | 'table';
  senderId: number;
  clientId: string;
  count: number;
}

/** A stored notice (notifications row). `createdAt` in ms since the epoch. */
export interface NoticeFact {
  id: number;
  userId: number;
  type: string;
  matchId: number | null;
  scheduleId: number | null;
  createdAt: number;
}

/** A live notice a member's STOMP client received (by stored notice id). */
export interface LiveNoticeFact {
  userId: number;
  noticeId: number;
  type: string;
  /** When it arrived, in ms since the soak's actions began (shown for a repeat). */
  at?: number;
}

/** A request the host's accept answered 2xx for (or that the database shows seated). */
export interface AcceptedRequest {
  matchId: number;
  requesterId: number;
  hostId: number;
}

/** An HTTP answer ≥ 500 (or a socket failure) that counts against (e). */
export interface ServerError {
  operation: string;
  status: number;
  detail: string;
}

/** Peak resident memory of an instance, in MB. */
export interface MemoryFact {
  instance: string;
  peakRssMb: number;
}

export interface SoakFacts {
  meals: MealFact[];
  acked: AckedMessage[];
  stored: StoredMessage[];
  notices: NoticeFact[];
  live: LiveNoticeFact[];
  accepted: AcceptedRequest[];
  /** Pairs of members with a block between them (either way): no notice passes between them (issue #17). */
  blockedPairs: Array<[number, number]>;
  serverErrors: ServerError[];
  memory: MemoryFact[];
  memoryBoundMb: number;
}

export interface InvariantResult {
  name: string;
  pass: boolean;
  /** The figures behind the verdict, and up to 5 offending rows. */
  figures: string;
}

/** The seat-notice window of server/modules/notifications/service.ts (`SEAT_NOTICE_WINDOW_MS`). */
export const SEAT_NOTICE_WINDOW_MS = 60_000;

/** Notices about one state change of one match: each member is told once per match. */
const MATCH_NOTICES = new Set(['new_match_request', 'match_accepted', 'match_rejected', 'match_confirmed', 'match_cancelled', 'match_withdrawn', 'meal_reminder']);
/** Notices a seat flip can repeat: once per member, meal and window. */
const SEAT_NOTICES = new Set(['schedule_full', 'seat_opened']);

const sample = (rows: string[]) => (rows.length === 0 ? '' : `; e.g. ${rows.slice(0, 5).join(', ')}${rows.length > 5 ? ` (+${rows.length - 5})` : ''}`);

/** Judges every invariant; answers one result per invariant, in the order (a)…(f). */
export function checkInvariants(f: SoakFacts): InvariantResult[] {
  const results: InvariantResult[] = [];

  const over = f.meals.filter((m) => m.currentParticipants > m.participants || 1 + m.seatedGuests > m.participants);
  results.push({
    name: '(a) no meal over capacity',
    pass: over.length === 0,
    figures: `${f.meals.length} meals, ${over.length} over capacity${sample(over.map((m) => `meal ${m.id}: ${1 + m.seatedGuests}/${m.currentParticipants} of ${m.participants}`))}`,
  });

  const off = f.meals.filter((m) => m.currentParticipants !== 1 + m.seatedGuests);
  results.push({
    name: '(b) current_participants = 1 + accepted/confirmed guests',
    pass: off.length === 0,
    figures: `${f.meals.length} meals, ${off.length} inconsistent${sample(off.map((m) => `meal ${m.id}: counter ${m.currentParticipants}, seated 1+${m.seatedGuests}`))}`,
  });

  const key = (m: { kind: string; senderId: number; clientId: string }) => `${m.kind}:${m.senderId}:${m.clientId}`;
  const counts = new Map<string, number>();
  for (const s of f.stored) counts.set(key(s), (counts.get(key(s)) ?? 0) + s.count);
  const ackedKeys = [...new Set(f.acked.map(key))];
  const lost = ackedKeys.filter((k) => (counts.get(k) ?? 0) === 0);
  const twice = [...counts].filter(([, n]) => n > 1).map(([k, n]) => `${k} ×${n}`);
  const byKind = (kind: string) => ackedKeys.filter((k) => k.startsWith(`${kind}:`)).length;
  results.push({
    name: '(c) every acknowledged message stored exactly once',
    pass: lost.length === 0 && twice.length === 0,
    figures: `${ackedKeys.length} acknowledged (1:1 ${byKind('match')}, table ${byKind('table')}), ${lost.length} missing, ${twice.length} stored more than once${sample([...lost.map((k) => `${k} missing`), ...twice])}`,
  });

  const seen = new Map<string, NoticeFact>();
  const repeated: string[] = [];
  for (const n of f.notices) {
    let k: string | null = null;
    if (MATCH_NOTICES.has(n.type) && n.matchId !== null) k = `${n.userId}:${n.type}:match ${n.matchId}`;
    else if (SEAT_NOTICES.has(n.type) && n.scheduleId !== null) k = `${n.userId}:${n.type}:meal ${n.scheduleId}:window ${Math.floor(n.createdAt / SEAT_NOTICE_WINDOW_MS)}`;
    else if (n.type === 'schedule_cancelled' && n.scheduleId !== null) k = `${n.userId}:${n.type}:meal ${n.scheduleId}`;
    if (k === null) continue;
    const first = seen.get(k);
    if (first) repeated.push(`member ${k} (notices ${first.id} and ${n.id})`);
    else seen.set(k, n);
  }
  const liveSeen = new Map<string, LiveNoticeFact>();
  const redelivered: string[] = [];
  const seconds = (ms?: number) => (ms === undefined ? '' : `${(ms / 1000).toFixed(1)} s`);
  for (const l of f.live) {
    // A `new_message` notice is one row per unread chat, updated and told again with each message.
    if (l.type === 'new_message') continue;
    const k = `${l.userId}:${l.noticeId}`;
    const first = liveSeen.get(k);
    if (first) redelivered.push(`member ${l.userId} got notice ${l.noticeId} (${l.type}) again${l.at === undefined ? '' : ` (at ${seconds(first.at)} and ${seconds(l.at)})`}`);
    else liveSeen.set(k, l);
  }
  const blocked = new Set(f.blockedPairs.flatMap(([a, b]) => [`${a}:${b}`, `${b}:${a}`]));
  const acceptedNotices = new Set(f.notices.filter((n) => n.type === 'match_accepted').map((n) => `${n.userId}:${n.matchId}`));
  const acceptedOnce = [...new Map(f.accepted.map((a) => [a.matchId, a])).values()];
  const exempt = acceptedOnce.filter((a) => blocked.has(`${a.requesterId}:${a.hostId}`));
  const untold = acceptedOnce.filter((a) => !blocked.has(`${a.requesterId}:${a.hostId}`) && !acceptedNotices.has(`${a.requesterId}:${a.matchId}`));
  results.push({
    name: '(d) each change told once to each member it concerns',
    pass: repeated.length === 0 && untold.length === 0,
    figures:
      `${f.notices.length} notices stored, ${repeated.length} repeated; ${f.live.length} live deliveries, ${redelivered.length} redelivered under the same id (shown once); ` +
      `${acceptedOnce.length} accepted requests (${exempt.length} between blocked members), ${untold.length} without match_accepted` +
      sample([...repeated, ...untold.map((a) => `match ${a.matchId}: requester ${a.requesterId} has no match_accepted`)]),
  });

  results.push({
    name: '(e) no 5xx',
    pass: f.serverErrors.length === 0,
    figures: `${f.serverErrors.length} server errors${sample(f.serverErrors.map((e) => `${e.operation} ${e.status} ${e.detail.slice(0, 80)}`))}`,
  });

  const heavy = f.memory.filter((m) => m.peakRssMb > f.memoryBoundMb);
  results.push({
    name: `(f) peak RSS of each instance ≤ ${f.memoryBoundMb} MB`,
    pass: f.memory.length > 0 && heavy.length === 0,
    figures: f.memory.length === 0 ? 'no memory samples' : f.memory.map((m) => `${m.instance} ${m.peakRssMb.toFixed(0)} MB`).join(', '),
  });
  return results;
}
