/**
 * Token revocations the live channel knows about (issue #13 "Hardening": live sessions follow the
 * account). Per instance, in memory: for each member, the newest token version in force learned
 * from `CONTROL_SESSIONS_REVOKED` broker messages (any instance's) and from this instance's own
 * `revoke` calls (applied before publishing, so this instance never waits for its own echo).
 * The STOMP server re-checks every SEND and SUBSCRIBE against it without a database query and ends
 * the sessions of a member as soon as a revocation arrives.
 *
 * Memory: one number per member who revoked since the process started (no expiry needed for
 * correctness; entries could be dropped 7 days — the token lifetime — after they were noted).
 */
import { CONTROL_SESSIONS_REVOKED, type Broker } from './broker.ts';

/** The revocation list of one instance. */
export interface SessionRevocations {
  /**
   * Revokes every token of `userId` whose `ver` is below `tokenVersion` (the version now in force,
   * read after the bump committed): applied on this instance at once, then published to all
   * instances. Never rejects: a failed publish is logged (the database already refuses the tokens;
   * other instances then notice at the token's next CONNECT).
   */
  revoke(userId: number, tokenVersion: number): Promise<void>;
  /** Whether a token of `userId` signed at version `ver` is known to be revoked. */
  isRevoked(userId: number, ver: number): boolean;
  /** Calls `listener(userId, tokenVersion)` whenever a newer revocation is learned; answers the remover. */
  onRevoked(listener: (userId: number, tokenVersion: number) => void): () => void;
  /** Stops listening to the broker. */
  close(): void;
}

const isId = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

/** Creates the revocation list and starts listening to `broker`'s control messages. */
export function createSessionRevocations(broker: Broker, log: { error: (o: object, m: string) => void }): SessionRevocations {
  /** userId → the lowest token version still valid. */
  const inForce = new Map<number, number>();
  const listeners = new Set<(userId: number, tokenVersion: number) => void>();

  /** Records a revocation; tells the listeners when it is newer than what was known. */
  const note = (userId: number, tokenVersion: number) => {
    if ((inForce.get(userId) ?? -Infinity) >= tokenVersion) return;
    inForce.set(userId, tokenVersion);
    for (const l of [...listeners]) l(userId, tokenVersion);
  };

  const removeBrokerListener = broker.onMessage((message) => {
    if (message.destination !== CONTROL_SESSIONS_REVOKED) return;
    let body: { userId?: unknown; tokenVersion?: unknown };
    try {
      body = JSON.parse(message.body) as typeof body;
    } catch {
      return;
    }
    if (!isId(body?.userId) || typeof body.tokenVersion !== 'number' || !Number.isSafeInteger(body.tokenVersion)) return;
    note(body.userId, body.tokenVersion);
  });

  return {
    async revoke(userId, tokenVersion) {
      note(userId, tokenVersion);
      try {
        await broker.publish({ destination: CONTROL_SESSIONS_REVOKED, body: JSON.stringify({ userId, tokenVersion }) });
      } catch (err) {
        log.error({ err, userId }, 'publishing a session revocation failed');
      }
    },
    isRevoked: (userId, ver) => ver < (inForce.get(userId) ?? -Infinity),
    onRevoked(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      removeBrokerListener();
      listeners.clear();
    },
  };
}
