/**
 * What the 1:1 chat (./live.ts) and the table chat (./table-live.ts) share on the live channel:
 * parsing an id out of a destination and reading a SEND's `{content}` body.
 */
import { STOMP_ERRORS, StompRefusal } from '../../realtime/frames.ts';

/** Parses `{prefix}{id}{suffix}` (ids 1–10 digits, no leading zero) into `{ id }`, or null. */
export function destinationId(prefix: string, suffix = ''): (destination: string) => { id: number } | null {
  const pattern = new RegExp(`^${prefix}([1-9][0-9]{0,9})${suffix}$`);
  return (destination) => {
    const m = pattern.exec(destination);
    return m ? { id: Number(m[1]) } : null;
  };
}

/** The `content` of a chat SEND body (JSON `{content: string}`); anything else is a protocol error (ends the session). */
export function sendContent(body: string): string {
  let content: unknown;
  try {
    content = (JSON.parse(body) as { content?: unknown } | null)?.content;
  } catch {
    throw new StompRefusal(STOMP_ERRORS.malformed);
  }
  if (typeof content !== 'string') throw new StompRefusal(STOMP_ERRORS.malformed);
  return content;
}
