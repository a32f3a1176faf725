/**
 * The one way the client talks to the API: JSON in and out, the bearer token on every call once
 * signed in, and every failure turned into an `ApiError` carrying the server's Korean `message`.
 */
import { IDEMPOTENCY_HEADER, OFFLINE_SAVED_AT_HEADER } from '@common/offline';
import { nextCursor } from '@common/paging';
import { env } from '@/config/env';
import { useSavedAt } from '@/lib/saved-at-store';

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer (offline, DNS, CORS…). */
  readonly status: number;
  /** Machine code of a JSON error body (`{message, code}`), if any. */
  readonly code: string | undefined;
  /** The Korean text the server sent (JSON `message` or a text/plain body), if any. */
  readonly serverMessage: string | undefined;
  /** A 400 `VALIDATION` names the refused request field (e.g. `latitude`), so a form can mark it. */
  readonly field: string | undefined;

  constructor(status: number, serverMessage?: string, code?: string, field?: string) {
    super(serverMessage || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage || undefined;
    this.code = code;
    this.field = field;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's message when it sent one, otherwise `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}

type TokenGetter = () => string | null;
let getToken: TokenGetter = () => null;
let onUnauthorized: (() => void) | null = null;

/** Wired once by the session store (avoids an import cycle). */
export function configureApiClient(options: { getToken: TokenGetter; onUnauthorized?: () => void }): void {
  getToken = options.getToken;
  onUnauthorized = options.onUnauthorized ?? null;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** A JSON body, or FormData sent as multipart. */
  body?: unknown;
  /** Overrides the session token (used while restoring a session). */
  token?: string | null;
  /** false: send no Authorization header. */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key` (issue #7): the server answers a repeat of the same key and body
   * with the first answer for 24 h, so a replayed outbox write never creates a second row.
   */
  idempotencyKey?: string;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const message = 'message' in body && typeof body.message === 'string' ? body.message : undefined;
    const code = 'code' in body && typeof body.code === 'string' ? body.code : undefined;
    const field = 'field' in body && typeof body.field === 'string' ? body.field : undefined;
    return new ApiError(status, message, code, field);
  }
  if (typeof body === 'string' && body.trim() && !body.trimStart().startsWith('<')) {
    return new ApiError(status, body.trim());
  }
  return new ApiError(status);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await exchange(path, options)).data as T;
}

/** One page of a paginated list (issue #19): the items and the `cursor` of the next page (null on the last). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * GETs one page of a list endpoint (a JSON array; a non-array answer counts as empty, SPEC §8) and
 * reads the next page's cursor from its `Link: <…>; rel="next"` header. Use with `useInfiniteQuery`:
 * `getNextPageParam: (last) => last.nextCursor`.
 */
export async function apiPage<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<Page<T>> {
  const { data, response } = await exchange(path, { ...options, method: 'GET' });
  return { items: Array.isArray(data) ? (data as T[]) : [], nextCursor: nextCursor(response.headers.get('link')) };
}

async function exchange(path: string, options: RequestOptions): Promise<{ data: unknown; response: Response }> {
  const { method = 'GET', body, auth = true, signal, idempotencyKey } = options;
  const headers: Record<string, string> = { Accept: 'application/json, text/plain;q=0.9' };
  if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
  const token = options.token !== undefined ? options.token : auth ? getToken() : null;
  if (auth && token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`${env.apiUrl}${path}`, { method, headers, body: payload, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0);
  }

  // An answer the service worker served from its offline mirror carries when it was stored.
  if (method === 'GET') useSavedAt.getState().record(path, response.headers.get(OFFLINE_SAVED_AT_HEADER));

  const data = await readBody(response).catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401 && auth && token && options.token === undefined) onUnauthorized?.();
    throw toApiError(response.status, data);
  }
  return { data, response };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  /** DELETE, with a JSON body when `options.body` is given (e.g. `DELETE /api/user/me {password}`). */
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Absolute URL for a browser navigation to the API host (social login). */
export function apiUrl(path: string): string {
  return `${env.apiUrl}${path}`;
}
