/**
 * THE single place where a match's chat messages are removed (issue #3: deleting a match, or the
 * schedule it belongs to, "removes the match's chat messages"; issue #4 adds `chat_messages`).
 * It is called inside the transaction that deletes the matches, before they are deleted, so both
 * go or neither does.
 */
import { inArray } from 'drizzle-orm';
import { chatMessages } from '../db/schema.ts';
import type { Database } from '../db/database.ts';

/** A transaction (or the database) — whatever `db.transaction` hands to its callback. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Deletes the chat messages of `matchIds`. */
export async function deleteMatchChats(tx: Tx | Database, matchIds: readonly number[]): Promise<void> {
  if (matchIds.length === 0) return;
  await tx.delete(chatMessages).where(inArray(chatMessages.matchId, [...matchIds]));
}
