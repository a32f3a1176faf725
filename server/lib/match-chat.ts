/**
 * THE single place where a match's chat messages are removed (issue #3: deleting a match, or the
 * schedule it belongs to, "removes the match's chat messages"). There is no chat table yet; the
 * live-channel/chat issue adds `chat_messages` and fills this in with
 * `await tx.delete(chatMessages).where(inArray(chatMessages.matchId, matchIds))`.
 * It is called inside the transaction that deletes the matches, before they are deleted, so both
 * go or neither does.
 */
import type { Database } from '../plugins/db.ts';

/** A transaction (or the database) — whatever `db.transaction` hands to its callback. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Deletes the chat messages of `matchIds` (no-op until the chat table exists). */
export async function deleteMatchChats(_tx: Tx | Database, matchIds: readonly number[]): Promise<void> {
  if (matchIds.length === 0) return;
  // Chat arrives with the live-channel issue: delete its rows for `matchIds` here.
}

