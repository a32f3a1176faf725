/**
 * Redis pub/sub broker (`REDIS_URL`; ioredis 5): two connections, a publisher and a subscriber on
 * one channel. Every instance receives every message (its own too) and fans it out to its own
 * sockets, so a message reaches clients on all instances. Redis keeps per-connection order.
 */
import { Redis } from 'ioredis';
import type { Broker, BrokerMessage } from './broker.ts';

/** The channel all instances share. */
export const REDIS_CHANNEL = 'bapsang:realtime';

/** Creates a Redis broker on `url`; `onError` receives connection errors (logged by the caller). */
export function createRedisBroker(url: string, onError: (err: Error) => void, channel = REDIS_CHANNEL): Broker {
  const publisher = new Redis(url, { maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { maxRetriesPerRequest: 3 });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const listeners = new Set<(m: BrokerMessage) => void>();
  subscriber.on('message', (ch: string, raw: string) => {
    if (ch !== channel) return;
    let message: BrokerMessage;
    try {
      message = JSON.parse(raw) as BrokerMessage;
    } catch {
      return;
    }
    if (typeof message?.destination !== 'string' || typeof message.body !== 'string') return;
    if (message.exceptUserIds !== undefined && !(Array.isArray(message.exceptUserIds) && message.exceptUserIds.every((id) => typeof id === 'number'))) return;
    for (const l of listeners) l(message);
  });
  const subscribed = subscriber.subscribe(channel);
  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async ready() {
      await subscribed;
    },
    async ping() {
      await publisher.ping();
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
