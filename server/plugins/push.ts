/**
 * Push with FCM (issue #7 part 3; SPEC §4 "Live notifications"; DESIGN.md "Push"):
 * every live notification the live notifier publishes (server/modules/notifications/live-notifier.ts) is also sent
 * to the member's registered device tokens (`push_tokens`) as an FCM **data** message whose fields
 * are `pushDataOf(notification)` (common/push.ts); the service worker shows it in Korean.
 *
 * - `createFcmPushSender({ messaging, db, log, publicUrl })`: the `PushSender`. Tokens FCM reports
 *   dead are deleted; other failures are logged without any token.
 * - `createFirebaseMessaging(credentials)`: firebase-admin's Messaging for a service account
 *   (its own named firebase app, deleted on close). No network until a message is sent.
 * - `pushPlugin`: decorates `app.pushSender`: the given sender (tests), else FCM through the given
 *   `messaging` stand-in (tests) or FIREBASE_CREDENTIALS, else the no-op — and then says once at
 *   start-up that push is off. Deliveries run in the background (`inBackground`): the request
 *   that caused a notification answers without waiting for FCM; `app.pushIdle()` waits for them.
 */
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import { pushDataOf, type PushSource } from '../../common/push.ts';
import type { FirebaseCredentials } from '../config.ts';
import { pushTokens } from '../db/schema.ts';
import { notBlockedWith } from '../modules/blocks/public.ts';
import type { Database } from '../db/database.ts';

/**
 * Delivers a live notification or a table chat message (common/push.ts `PushSource`) to a member's
 * devices (FCM below). `send` should not throw for delivery failures; its callers (the live notifier,
 * server/modules/notifications/live-notifier.ts; the table chat, server/modules/chat/table-live.ts)
 * log it when it does and never fail the request.
 */
export interface PushSender {
  send(toUserId: number, notification: PushSource): Promise<void>;
}

/** The default: push is off. */
export const noopPushSender: PushSender = { send: async () => {} };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Hands each live notification to the member's devices (see server/plugins/push.ts). Resolves
     * at once: the delivery runs in the background, so a slow FCM never slows the API answer.
     */
    pushSender: PushSender;
    /** Resolves when every push delivery under way has finished (tests; awaited before close). */
    pushIdle: () => Promise<void>;
  }
}

/** How `inBackground` bounds its work: deliveries at once, and deliveries waiting. */
export interface BackgroundLimits {
  /** Deliveries under way at once (each holds a database read and an FCM call). */
  concurrency: number;
  /** Deliveries waiting for a turn; a new one beyond it is dropped (logged), never queued. */
  maxPending: number;
}

/** A waiting delivery's place in line: one per member and notification tag (a push without a tag waits on its own). */
function waitingKey(toUserId: number, notification: PushSource): string {
  try {
    return `${toUserId}:${pushDataOf(notification).tag}`;
  } catch {
    return `${toUserId}:${randomUUID()}`;
  }
}

/** Issue #33 (a table chat's pushes under a flood): 32 at once, 10,000 waiting. */
export const BACKGROUND_LIMITS: BackgroundLimits = { concurrency: 32, maxPending: 10_000 };

/**
 * Runs a sender's deliveries in the background: `send` hands one over and resolves at once (its
 * failure is logged, never thrown); `idle()` resolves once none is under way or waiting, including
 * those handed over while it waited.
 *
 * Bounded, so a slow or hanging FCM cannot pile up work without end (a busy table sends a push per
 * message to each member not looking): at most `limits.concurrency` deliveries run at once and the
 * others wait in order. A waiting push about the same conversation for the same member (same user,
 * same notification tag, common/push.ts) is replaced by the newer one in its place in the line: the
 * device would replace the older notification by that tag anyway, so the member sees the same and
 * the phone buzzes once. Beyond `limits.maxPending` waiting, a new push is dropped and logged (the
 * first, then every 1,000th); the inbox and the live channel still carry it.
 */
export function inBackground(sender: PushSender, log: PushLog, limits: BackgroundLimits = BACKGROUND_LIMITS): PushSender & { idle: () => Promise<void> } {
  const waiting = new Map<string, { toUserId: number; notification: PushSource }>();
  let running = 0;
  let dropped = 0;
  let idleWaiters: Array<() => void> = [];
  const settleIdle = () => {
    if (running > 0 || waiting.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };
  const pump = () => {
    while (running < limits.concurrency && waiting.size > 0) {
      const [key, job] = waiting.entries().next().value as [string, { toUserId: number; notification: PushSource }];
      waiting.delete(key);
      running++;
      void sender
        .send(job.toUserId, job.notification)
        .catch((err: unknown) => log.error({ userId: job.toUserId, type: job.notification.type, code: errorCode(err) }, 'push: delivery failed'))
        .finally(() => {
          running--;
          pump();
          settleIdle();
        });
    }
  };
  return {
    send(toUserId, notification) {
      const key = waitingKey(toUserId, notification);
      if (!waiting.has(key) && waiting.size >= limits.maxPending) {
        dropped++;
        if (dropped === 1 || dropped % 1000 === 0) log.warn({ userId: toUserId, type: notification.type, dropped, waiting: waiting.size }, 'push: too many deliveries waiting, push dropped');
        return Promise.resolve();
      }
      waiting.set(key, { toUserId, notification });
      pump();
      return Promise.resolve();
    },
    idle() {
      if (running === 0 && waiting.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}

/**
 * The slice of firebase-admin's `Messaging` the sender uses. Tests pass a local recording stand-in
 * answering `BatchResponse`-shaped results (firebase-admin's FCM host is fixed HTTPS/HTTP2).
 */
export interface PushMessaging {
  sendEachForMulticast(message: MulticastMessage): Promise<BatchResponse>;
}

/** Most tokens FCM takes in one multicast. */
export const FCM_MULTICAST_MAX = 500;

/** Per-token error codes meaning the token is dead: its row is deleted. */
export const DEAD_TOKEN_CODES: ReadonlySet<string> = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);

/**
 * Whether a per-token error means that token is unusable. `messaging/invalid-argument` counts only
 * when FCM's message is about the registration token ("The registration token is not a valid FCM
 * registration token"), not about the payload — a payload problem would otherwise wipe every token.
 */
export function isDeadTokenError(error: { code?: string; message?: string } | undefined): boolean {
  if (!error?.code) return false;
  if (DEAD_TOKEN_CODES.has(error.code)) return true;
  return error.code === 'messaging/invalid-argument' && /registration token/i.test(error.message ?? '');
}

/** The minimal logger the sender writes to (pino's / Fastify's fits). */
export interface PushLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What the FCM sender needs. */
export interface FcmPushSenderDeps {
  messaging: PushMessaging;
  db: Database;
  log: PushLog;
  /**
   * The app's public origin. FCM requires `webpush.fcmOptions.link` to be an absolute HTTPS URL, so
   * the link is `publicUrl + data.url` when it is https and left out otherwise (the service worker
   * opens `data.url` itself on click).
   */
  publicUrl?: string;
  /** Called once per device FCM did not reach (dead tokens excepted) and per failed send (issue #20 metrics). */
  onFailure?: (count: number) => void;
}

/** An error's `code` (firebase-admin's `messaging/...`), or its name; never its message or payload. */
function errorCode(err: unknown): string {
  if (err && typeof err === 'object') {
    const e = err as { code?: unknown; name?: unknown };
    if (typeof e.code === 'string') return e.code;
    if (typeof e.name === 'string') return e.name;
  }
  return 'unknown';
}

/**
 * The FCM `PushSender`: loads the member's tokens (oldest first), sends the notification's
 * `pushDataOf` data with web push headers `Urgency: high`, `TTL: 86400` (one day, seconds) in
 * multicasts of at most 500 tokens, then deletes the tokens FCM reported dead (`isDeadTokenError`)
 * — for every member, since the token itself is gone. A member with no tokens → no FCM call.
 * A failing multicast (thrown error) or other per-token failures are logged with their codes and
 * counts only; `send` itself does not throw for them.
 */
export function createFcmPushSender(deps: FcmPushSenderDeps): PushSender {
  const { messaging, db, log } = deps;
  const origin = deps.publicUrl?.startsWith('https://') ? deps.publicUrl.replace(/\/+$/, '') : undefined;
  return {
    async send(toUserId, notification) {
      // Read at delivery, not when the push was handed over: a push still waiting in line when the
      // two members block each other is not delivered (issue #17: no notification passes a block;
      // the inbox already refused it). A moderation notice comes "from" its addressee and always goes.
      const from = notification.fromUser.id;
      const mine = eq(pushTokens.userId, toUserId);
      const rows = await db
        .select({ token: pushTokens.token })
        .from(pushTokens)
        .where(from === toUserId ? mine : and(mine, notBlockedWith(toUserId, sql`${from}`)))
        .orderBy(asc(pushTokens.id));
      if (rows.length === 0) return;
      const tokens = rows.map((r) => r.token);
      const data = pushDataOf(notification);
      const webpush: MulticastMessage['webpush'] = { headers: { Urgency: 'high', TTL: '86400' }, ...(origin ? { fcmOptions: { link: `${origin}${data.url}` } } : {}) };
      const dead: string[] = [];
      const failures: Record<string, number> = {};
      for (let i = 0; i < tokens.length; i += FCM_MULTICAST_MAX) {
        const chunk = tokens.slice(i, i + FCM_MULTICAST_MAX);
        let result: BatchResponse;
        try {
          result = await messaging.sendEachForMulticast({ tokens: chunk, data, webpush });
        } catch (err) {
          log.error({ userId: toUserId, type: data.type, code: errorCode(err), devices: chunk.length }, 'push: FCM send failed');
          deps.onFailure?.(chunk.length);
          continue;
        }
        result.responses.forEach((response, index) => {
          if (response.success) return;
          const token = chunk[index];
          if (token !== undefined && isDeadTokenError(response.error)) dead.push(token);
          else {
            const code = response.error?.code ?? 'unknown';
            failures[code] = (failures[code] ?? 0) + 1;
          }
        });
      }
      if (Object.keys(failures).length > 0) {
        log.warn({ userId: toUserId, type: data.type, failures }, 'push: some devices were not reached');
        deps.onFailure?.(Object.values(failures).reduce((a, b) => a + b, 0));
      }
      if (dead.length > 0) {
        await db.delete(pushTokens).where(inArray(pushTokens.token, dead));
        log.info({ userId: toUserId, removed: dead.length }, 'push: removed device tokens FCM reports unregistered');
      }
    },
  };
}

/**
 * firebase-admin's Messaging for a service account, on its own uniquely named firebase app (so
 * several app instances in one process, e.g. tests, never share or clash). Builds the credential
 * (parses the private key) but makes no network call; `close()` deletes the firebase app.
 */
export async function createFirebaseMessaging(credentials: FirebaseCredentials): Promise<{ messaging: PushMessaging; close: () => Promise<void> }> {
  const { cert, deleteApp, initializeApp } = await import('firebase-admin/app');
  const { getMessaging } = await import('firebase-admin/messaging');
  const firebaseApp = initializeApp(
    { credential: cert({ projectId: credentials.projectId, clientEmail: credentials.clientEmail, privateKey: credentials.privateKey }), projectId: credentials.projectId },
    `babsang-push-${randomUUID()}`,
  );
  return { messaging: getMessaging(firebaseApp), close: () => deleteApp(firebaseApp) };
}

/** Options of the push plugin. */
export interface PushPluginOptions {
  /** The service account (FIREBASE_CREDENTIALS); absent → push is off unless a stand-in is given. */
  firebase: FirebaseCredentials | undefined;
  /** The app's public origin (`webpush.fcmOptions.link`). */
  publicUrl: string;
  /** Replaces the whole sender (tests record notifications). */
  sender?: PushSender;
  /** Replaces firebase-admin's Messaging under the real FCM sender (tests). */
  messaging?: PushMessaging;
}

/** Registers `app.pushSender` (after the db plugin, before the notifier that uses it). */
export const pushPlugin = fp<PushPluginOptions>(
  async (app, opts) => {
    let sender: PushSender = noopPushSender;
    const onFailure = (count: number) => app.metrics.pushFailures.inc(count);
    if (opts.sender) {
      sender = opts.sender;
    } else if (opts.messaging) {
      sender = createFcmPushSender({ messaging: opts.messaging, db: app.db, log: app.log, publicUrl: opts.publicUrl, onFailure });
    } else if (opts.firebase) {
      const firebase = await createFirebaseMessaging(opts.firebase);
      sender = createFcmPushSender({ messaging: firebase.messaging, db: app.db, log: app.log, publicUrl: opts.publicUrl, onFailure });
      app.addHook('onClose', async () => {
        await firebase.close();
      });
      app.log.info({ projectId: opts.firebase.projectId }, 'push: FCM on (firebase-admin)');
    } else {
      app.log.info('push: off — FIREBASE_CREDENTIALS is not set, notifications reach open apps only');
    }
    const background = inBackground(sender, app.log);
    app.decorate('pushSender', background);
    app.decorate('pushIdle', background.idle);
    // Deliveries under way finish before the database and firebase app close.
    app.addHook('preClose', async () => {
      await background.idle();
    });
  },
  { name: 'push', dependencies: ['db', 'observability'] },
);
