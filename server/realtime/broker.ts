/**
 * The live channel's fan-out broker (DESIGN.md "Live channel"; issue #4). Every publish — chat
 * messages, notifications, control events — goes through it, so with Redis several server
 * instances deliver to each other's clients. In-process by default (broker-memory.ts), Redis
 * pub/sub when `REDIS_URL` is set (broker-redis.ts).
 */

/** One published envelope. `destination` is a STOMP destination or a `control:*` name. */
export interface BrokerMessage {
  destination: string;
  /** JSON text (the STOMP MESSAGE body, or the control event). */
  body: string;
  /**
   * Members whose subscriptions skip this message (issue #32 item 5: a table chat message does not
   * reach the members across a block with its sender). Absent: every subscriber gets it.
   */
  exceptUserIds?: number[];
}

/** Publishes to every instance (including this one) and hands received messages to listeners. */
export interface Broker {
  /** Resolves once the message has been handed to the transport (every instance will see it). */
  publish(message: BrokerMessage): Promise<void>;
  /** Adds a listener for every message any instance publishes; answers the remover. */
  onMessage(listener: (message: BrokerMessage) => void): () => void;
  /** Resolves once receiving works (Redis: the subscription is active). */
  ready(): Promise<void>;
  /** Resolves when the transport answers now (Redis: PING); rejects otherwise (`/readyz`, issue #20). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Control destination (issue #16 item 8): every subscription to a destination ends, on every
 * instance (`body` = `{destination}`; e.g. the chat topic of a cancelled match, issue #15).
 */
export const CONTROL_DESTINATION_ENDED = 'control:destination-ended';

/**
 * The control message that ends every subscription to `destination` — only member `userId`'s when
 * given (issue #30: a guest who leaves a table loses its chat; the others stay).
 */
export const destinationEnded = (destination: string, userId?: number): BrokerMessage => ({
  destination: CONTROL_DESTINATION_ENDED,
  body: JSON.stringify(userId === undefined ? { destination } : { destination, userId }),
});
/**
 * Control destination (issue #13): a member's tokens were revoked (logout everywhere, password
 * reset; later account deletion and suspension). `body` = `{userId, tokenVersion}` where
 * `tokenVersion` is the member's token version now in force: every live session whose token has a
 * smaller `ver` ends at once, on every instance (server/realtime/revocations.ts).
 */
export const CONTROL_SESSIONS_REVOKED = 'control:sessions-revoked';
