/**
 * The chat's ending of cancelled chats (issue #15; issue #16 item 8: the chat module, not the
 * live channel, knows which events end a chat).
 */
import { describe, expect, it } from 'vitest';
import { chatReadsTopic, chatTopic } from '../../../common/realtime.ts';
import type { MatchEventType } from '../../plugins/notifier.ts';
import { chatEndingNotifier } from './live.ts';

describe('chatEndingNotifier', () => {
  it('ends the chat topic (and its reads, issue #30) of a cancelled, withdrawn or schedule-cancelled match, and of nothing else', async () => {
    const ended: string[] = [];
    const notifier = chatEndingNotifier({ endLiveDestination: async (d) => void ended.push(d) });
    const types: MatchEventType[] = ['match_cancelled', 'match_withdrawn', 'schedule_cancelled', 'match_accepted', 'new_message', 'seat_opened'];
    for (const [i, type] of types.entries()) {
      await notifier.notify({ type, matchId: 10 + i, scheduleId: 1, toUserId: 2, fromUser: { id: 3, name: '민지', profileImage: null } });
    }
    expect(ended).toEqual([10, 11, 12].flatMap((id) => [chatTopic(id), chatReadsTopic(id)]));
  });
});
