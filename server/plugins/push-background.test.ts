/**
 * `inBackground` (server/plugins/push.ts): the bounded line of push deliveries behind
 * `app.pushSender` — a slow FCM never holds a request, never runs more than `concurrency`
 * deliveries at once, and a flood neither grows the line without end nor buzzes a phone once per
 * waiting message of the same conversation.
 */
import { describe, expect, it } from 'vitest';
import type { PushSource } from '../../common/push.ts';
import { TABLE_MESSAGE } from '../../common/push.ts';
import { inBackground, type PushLog, type PushSender } from './push.ts';

/** A sender whose deliveries finish only when the test lets them (`finishAll`), recording each. */
function heldSender() {
  const started: Array<{ userId: number; body: string }> = [];
  const finish: Array<() => void> = [];
  const sender: PushSender = {
    send(userId, notification) {
      started.push({ userId, body: notification.type === TABLE_MESSAGE ? notification.fromUser.name : notification.type });
      return new Promise<void>((resolve) => finish.push(resolve));
    },
  };
  const finishAll = async () => {
    while (finish.length > 0) finish.splice(0).forEach((f) => f());
    await new Promise((r) => setImmediate(r));
  };
  return { sender, started, finishAll };
}

const tableMessage = (scheduleId: number, from: string): PushSource => ({ type: TABLE_MESSAGE, scheduleId, placeName: '을지로 국수집', fromUser: { id: 9, name: from }, createdAt: '2026-12-06T12:00:00.000Z' });

function recordingLog() {
  const warnings: Array<Record<string, unknown>> = [];
  const log: PushLog = { info: () => undefined, warn: (obj) => warnings.push(obj as Record<string, unknown>), error: () => undefined };
  return { log, warnings };
}

describe('push deliveries in the background', () => {
  it('hands over at once, runs at most `concurrency` together, and the rest in order as turns free', async () => {
    const { sender, started, finishAll } = heldSender();
    const line = inBackground(sender, recordingLog().log, { concurrency: 2, maxPending: 100 });
    for (const user of [1, 2, 3, 4]) await line.send(user, tableMessage(7, `보낸이${user}`));
    expect(started.map((s) => s.userId)).toEqual([1, 2]);
    let idle = false;
    const idling = line.idle().then(() => (idle = true));
    await finishAll();
    expect(started.map((s) => s.userId)).toEqual([1, 2, 3, 4]);
    expect(idle).toBe(false);
    await finishAll();
    await idling;
    expect(idle).toBe(true);
  });

  it('a waiting push about the same conversation for the same member is replaced by the newer one, in its place', async () => {
    const { sender, started, finishAll } = heldSender();
    const line = inBackground(sender, recordingLog().log, { concurrency: 1, maxPending: 100 });
    await line.send(1, tableMessage(7, '첫째')); // runs
    await line.send(2, tableMessage(7, '민지')); // waits
    await line.send(1, tableMessage(7, '둘째')); // waits
    await line.send(1, tableMessage(8, '다른 식탁')); // another conversation: waits on its own
    await line.send(1, tableMessage(7, '셋째')); // replaces 둘째, keeps its place before 다른 식탁
    for (let i = 0; i < 5; i++) await finishAll();
    expect(started).toEqual([
      { userId: 1, body: '첫째' },
      { userId: 2, body: '민지' },
      { userId: 1, body: '셋째' },
      { userId: 1, body: '다른 식탁' },
    ]);
    await line.idle();
  });

  it('beyond `maxPending` waiting, a new push is dropped and logged, and the line goes on', async () => {
    const { sender, started, finishAll } = heldSender();
    const { log, warnings } = recordingLog();
    const line = inBackground(sender, log, { concurrency: 1, maxPending: 2 });
    for (const table of [1, 2, 3, 4]) await line.send(5, tableMessage(table, `식탁${table}`));
    // 1 runs, 2 and 3 wait, 4 is dropped; a newer push of a waiting conversation still replaces it.
    expect(warnings).toEqual([expect.objectContaining({ userId: 5, dropped: 1, waiting: 2 })]);
    await line.send(5, tableMessage(3, '식탁3 새 메시지'));
    for (let i = 0; i < 4; i++) await finishAll();
    expect(started.map((s) => s.body)).toEqual(['식탁1', '식탁2', '식탁3 새 메시지']);
    await line.idle();
  });

  it('a failing delivery is logged and frees its turn', async () => {
    const errors: string[] = [];
    const log: PushLog = { info: () => undefined, warn: () => undefined, error: (_obj, msg) => errors.push(msg) };
    let calls = 0;
    const line = inBackground({ send: async () => { calls++; throw Object.assign(new Error('down'), { code: 'messaging/internal-error' }); } }, log, { concurrency: 1, maxPending: 10 });
    await line.send(1, tableMessage(1, '가'));
    await line.send(2, tableMessage(1, '나'));
    await line.idle();
    expect(calls).toBe(2);
    expect(errors).toEqual(['push: delivery failed', 'push: delivery failed']);
  });
});
