/**
 * The request a preloaded member page's HTML started before the app ran (issue #33 item 2;
 * common/prerender.ts `PAGE_PRELOAD_SCRIPT`): the page's loader's first request (the board's list,
 * the chat list), sent with the stored token beside the first chunk instead of after its run.
 * The API client takes it instead of sending the same request again.
 */
import { EARLY_FETCH_GLOBAL, SERVER_ANSWER_ID, type EarlyFetch, type ServerAnswer } from '@common/prerender';
import { sessionCookieToken } from '@/lib/token-storage';

/** How long after the HTML sent it the request may stand in for the app's (ms): a page's first load, not a later visit. */
export const EARLY_FETCH_MAX_AGE_MS = 15_000;

/**
 * The early request's answer when it is the one asked for now: the same path and query, sent with
 * the same token, less than EARLY_FETCH_MAX_AGE_MS ago. Taken at most once; any other request
 * leaves it for the loader's. An early request that failed to send rejects; the caller sends its
 * own then.
 */
export function takeEarlyFetch(path: string, token: string, now: number = Date.now()): Promise<Response> | null {
  const answered = takeServerAnswer(path, token);
  if (answered) return answered;
  const slot = globalThis as unknown as Record<string, EarlyFetch | undefined>;
  const early = slot[EARLY_FETCH_GLOBAL];
  if (!early) return null;
  if (now - early.at >= EARLY_FETCH_MAX_AGE_MS) {
    delete slot[EARLY_FETCH_GLOBAL];
    return null;
  }
  if (early.url !== path || early.token !== token) return null;
  delete slot[EARLY_FETCH_GLOBAL];
  return early.response;
}

/**
 * The answer a page rendered for the member brought with its HTML (server/plugins/member-pages.ts;
 * `<script type="application/json" id="bapsang-answer">`), when it is the one asked for now: the
 * same path and query, and the server rendered the page for this token (the session cookie's, which
 * the app writes with the stored token). Taken at most once; an answer that is not this token's is
 * dropped, and the app asks itself.
 */
function takeServerAnswer(path: string, token: string): Promise<Response> | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(SERVER_ANSWER_ID);
  if (!element) return null;
  let answer: ServerAnswer;
  try {
    answer = JSON.parse(element.textContent ?? '') as ServerAnswer;
  } catch {
    element.remove();
    return null;
  }
  if (answer.url !== path) return null;
  element.remove();
  if (sessionCookieToken() !== token) return null;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (answer.link) headers.link = answer.link;
  return Promise.resolve(new Response(answer.body, { status: answer.status, headers }));
}
