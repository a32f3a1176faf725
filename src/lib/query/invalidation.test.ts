import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '@common/realtime';
import { invalidateForNotification, keysForNotification, NOTIFICATION_INVALIDATES } from './invalidation';
import { queryRoots } from './keys';

const roots = Object.values(queryRoots) as readonly (readonly string[])[];
const startsWithRoot = (key: readonly unknown[]) => roots.some((root) => root.every((part, i) => key[i] === part));

describe('NOTIFICATION_INVALIDATES (issue #14: one table, notification type → query roots)', () => {
  it('covers every live notification type, each with at least one root', () => {
    expect(Object.keys(NOTIFICATION_INVALIDATES).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    for (const type of NOTIFICATION_TYPES) expect(NOTIFICATION_INVALIDATES[type].length, type).toBeGreaterThan(0);
  });

  it('every key starts with a query root', () => {
    for (const type of NOTIFICATION_TYPES) {
      for (const key of keysForNotification(type, 7)) expect(startsWithRoot(key), `${type} ${JSON.stringify(key)}`).toBe(true);
    }
  });

  it('a deleted schedule refreshes my sent requests and the schedule window; a chat message only that chat', () => {
    expect(keysForNotification('schedule_deleted')).toEqual([queryRoots.matchesSent, queryRoots.schedules]);
    expect(keysForNotification('new_message', 7)).toEqual([[...queryRoots.chat, 7]]);
    expect(keysForNotification('no_such_type')).toEqual([]);
  });

  it('marks the cached queries stale', () => {
    const client = new QueryClient();
    client.setQueryData(queryRoots.matchesSent, []);
    client.setQueryData([...queryRoots.schedules, 'window'], []);
    client.setQueryData(queryRoots.matchesReceived, []);
    invalidateForNotification(client, { type: 'schedule_deleted', matchId: 3 });
    expect(client.getQueryState(queryRoots.matchesSent)?.isInvalidated).toBe(true);
    expect(client.getQueryState([...queryRoots.schedules, 'window'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryRoots.matchesReceived)?.isInvalidated).toBe(false);
  });
});
