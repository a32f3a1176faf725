/**
 * The destination registry (issue #16 item 8): modules register the destinations they own; the
 * STOMP server only resolves frames against it.
 */
import { describe, expect, it } from 'vitest';
import { USER_ERRORS_DESTINATION } from '../../common/realtime.ts';
import { createDestinationRegistry } from './destinations.ts';

describe('createDestinationRegistry', () => {
  const registry = createDestinationRegistry();
  const sent: Array<[number, unknown, string]> = [];
  registry.topic({ pattern: '/topic/room/{id}', match: (d) => (/^\/topic\/room\/(\d+)$/.exec(d) ? { id: Number(d.split('/')[3]) } : null), canSubscribe: (userId, { id }) => userId === id });
  registry.send({ pattern: '/app/room/{id}', match: (d) => (d.startsWith('/app/room/') ? { id: Number(d.slice(10)) } : null), handle: async (userId, params, frame) => void sent.push([userId, params, frame.body]) });

  it('resolves a SUBSCRIBE to the own error queue, a registered topic with its rule, or unknown', async () => {
    expect(registry.resolveSubscribe(USER_ERRORS_DESTINATION)).toEqual({ kind: 'own-errors' });
    const topic = registry.resolveSubscribe('/topic/room/7');
    if (topic.kind !== 'topic') throw new Error(`expected a topic, got ${topic.kind}`);
    expect([await topic.authorise(7), await topic.authorise(8)]).toEqual([true, false]);
    expect(registry.resolveSubscribe('/app/room/7').kind).toBe('unknown');
    expect(registry.resolveSubscribe('/topic/other').kind).toBe('unknown');
  });

  it('resolves a SEND to its handler with the parameters; any /topic/* is a topic (never sendable); the rest unknown', async () => {
    const target = registry.resolveSend('/app/room/3');
    if (target.kind !== 'send') throw new Error(`expected a send, got ${target.kind}`);
    await target.handle(5, { headers: {}, body: 'hi' });
    expect(sent).toEqual([[5, { id: 3 }, 'hi']]);
    expect(registry.resolveSend('/topic/room/3').kind).toBe('topic');
    expect(registry.resolveSend('/app/nowhere').kind).toBe('unknown');
    expect(registry.patterns()).toEqual({ topics: ['/topic/room/{id}'], sends: ['/app/room/{id}'] });
  });

  it('refuses to register a SEND destination under /topic/', () => {
    expect(() => registry.send({ pattern: '/topic/x', match: () => null, handle: async () => {} })).toThrow(/cannot be a topic/);
  });
});
