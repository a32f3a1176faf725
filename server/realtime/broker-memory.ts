/** In-process broker (the embedded default): listeners are called synchronously, in publish order. */
import type { Broker, BrokerMessage } from './broker.ts';

/** Creates an in-process broker. */
export function createMemoryBroker(): Broker {
  const listeners = new Set<(m: BrokerMessage) => void>();
  return {
    async publish(message) {
      for (const l of listeners) l(message);
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async ready() {},
    async ping() {},
    async close() {
      listeners.clear();
    },
  };
}
