/**
 * Live channel infrastructure (issue #4; SPEC §4 "Live notifications", §7 "Live channels"; issue
 * #16 item 8: it knows no module):
 * - `app.broker`: in-process, or Redis pub/sub when `REDIS_URL` is set (server/realtime/);
 * - `app.revokeLiveSessions(userId, tokenVersion)`: ends a member's live sessions opened with an
 *   older token, on every instance (issue #13; server/realtime/revocations.ts);
 * - `app.liveDestinations`: the registry where modules register the STOMP destinations they own
 *   and who may use them (server/realtime/destinations.ts; chat registers `/topic/chat/{m}` and
 *   `/app/chat/{m}`, notifications `/topic/user/{id}/notifications`);
 * - `app.endLiveDestination(destination)`: ends every subscription to a destination on every
 *   instance (e.g. a cancelled match's chat);
 * - the STOMP endpoint `GET /ws` (server/realtime/endpoint.ts, through @fastify/websocket), closed
 *   with the app.
 */
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock.ts';
import { createMemoryBroker } from '../realtime/broker-memory.ts';
import { createRedisBroker } from '../realtime/broker-redis.ts';
import { destinationEnded, type Broker } from '../realtime/broker.ts';
import { createDestinationRegistry, type DestinationRegistry } from '../realtime/destinations.ts';
import { registerStompEndpoint } from '../realtime/endpoint.ts';
import { createSessionRevocations, type SessionRevocations } from '../realtime/revocations.ts';
import { createStompServer, DEFAULT_STOMP_OPTIONS, type StompOptions, type StompServer } from '../realtime/stomp-server.ts';

declare module 'fastify' {
  interface FastifyInstance {
    broker: Broker;
    /** The token revocations this instance knows about (issue #13; read by the STOMP server). */
    liveRevocations: SessionRevocations;
    /**
     * Issue #13: after a member's token version was bumped (and committed) — logout everywhere,
     * password reset, account deletion and suspension — ends every live session whose token has a
     * `ver` below `tokenVersion` (the version now in force), on this instance at once and on the
     * others through the broker (`control:sessions-revoked`). Never rejects.
     */
    revokeLiveSessions: (userId: number, tokenVersion: number) => Promise<void>;
    /** Where modules register the STOMP destinations they own (server/realtime/destinations.ts). */
    liveDestinations: DestinationRegistry;
    /** Ends every subscription to `destination` (only `userId`'s when given, issue #30) on every instance (through the broker). */
    endLiveDestination: (destination: string, userId?: number) => Promise<void>;
    stomp: StompServer;
  }
}

/** Options of the realtime plugins. */
export interface RealtimeOptions {
  redisUrl: string | undefined;
  /** Redis channel (tests isolate themselves with their own). */
  redisChannel?: string;
  now: Clock;
  stomp: Partial<StompOptions> & Pick<StompOptions, 'allowedOrigins'>;
}

/**
 * Registers the broker, the revocations and the destination registry (before the notifier and the
 * modules that register destinations; `app.pushSender` comes from server/plugins/push.ts).
 */
export const brokerPlugin = fp<RealtimeOptions>(
  async (app, opts) => {
    const broker = opts.redisUrl
      ? createRedisBroker(opts.redisUrl, (err) => app.log.error({ err }, 'redis broker error'), opts.redisChannel)
      : createMemoryBroker();
    await broker.ready();
    // Issue #20: every publish is timed (bapsang_broker_publish_duration_seconds).
    const publish = broker.publish.bind(broker);
    broker.publish = async (message) => {
      const end = app.metrics.brokerPublish.startTimer();
      try {
        await publish(message);
      } finally {
        end();
      }
    };
    app.decorate('broker', broker);
    const revocations = createSessionRevocations(broker, app.log);
    app.decorate('liveRevocations', revocations);
    app.decorate('revokeLiveSessions', (userId: number, tokenVersion: number) => revocations.revoke(userId, tokenVersion));
    app.decorate('liveDestinations', createDestinationRegistry());
    app.decorate('endLiveDestination', (destination: string, userId?: number) => broker.publish(destinationEnded(destination, userId)));
    app.addHook('onClose', async () => {
      revocations.close();
      await broker.close();
    });
  },
  { name: 'broker', dependencies: ['observability'] },
);

/** Registers the STOMP endpoint at `/ws` (after auth and the modules that register destinations). */
export const stompPlugin = fp<RealtimeOptions>(
  async (app, opts) => {
    const options = { ...DEFAULT_STOMP_OPTIONS, ...opts.stomp };
    const stomp = createStompServer(
      {
        broker: app.broker,
        log: app.log,
        now: opts.now,
        verifyToken: (token) => app.verifyToken(token),
        revocations: app.liveRevocations,
        destinations: app.liveDestinations,
      },
      options,
    );
    app.decorate('stomp', stomp);
    app.metrics.setStompSource({ sessions: stomp.sessionCount, subscriptions: stomp.subscriptionCount });
    await registerStompEndpoint(app, stomp, options);
    app.log.debug(app.liveDestinations.patterns(), 'stomp destinations');
  },
  { name: 'stomp', dependencies: ['auth', 'broker'] },
);
