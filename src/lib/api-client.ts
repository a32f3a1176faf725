/**
 * The one way the client talks to the API: JSON in and out, the bearer token on every call once
 * signed in, and every failure turned into an `ApiError` carrying the server's Korean `message`.
 */
import type { Static, TSchema } from 'typebox';
import type { ContentResponse, OperationSpec } from '@common/api/operation';
import type { ErrorCode } from '@common/errors';
import { IDEMPOTENCY_HEADER, OFFLINE_SAVED_AT_HEADER } from '@common/offline';
import { nextCursor } from '@common/paging';
import { env } from '@/config/env';
import { takeEarlyFetch } from '@/lib/early-fetch';
import { useSavedAt } from '@/lib/saved-at-store';

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer (offline, DNS, CORS…). */
  readonly status: number;
  /** Code of a JSON error body (`{message, code}`, common/errors.ts), if any: switch on it, never on the text. */
  readonly code: ErrorCode | undefined;
  /** The Korean text the server sent (JSON `message` or a text/plain body), if any. */
  readonly serverMessage: string | undefined;
  /** A 400 `VALIDATION` names the refused request field (e.g. `latitude`), so a form can mark it. */
  readonly field: string | undefined;

  constructor(status: number, serverMessage?: string, code?: ErrorCode, field?: string) {
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

/**
 * How requests are sent: the browser's `fetch`, or, while the server renders a member page
 * (src/prerender.tsx `renderMemberPage`), the server's own handling of the request for that member.
 */
let sender: typeof fetch = (input, init) => fetch(input, init);

/** Replaces how requests are sent (null: the browser's `fetch` again); only the server's render of a member page does. */
export function setRequestSender(replacement: typeof fetch | null): void {
  sender = replacement ?? ((input, init) => fetch(input, init));
}

type TokenGetter = () => string | null;
let getToken: TokenGetter = () => null;
let onUnauthorized: ((error: ApiError) => void) | null = null;

/** Wired once by the session store (avoids an import cycle). */
export function configureApiClient(options: { getToken: TokenGetter; onUnauthorized?: (error: ApiError) => void }): void {
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
    const code = 'code' in body && typeof body.code === 'string' ? (body.code as ErrorCode) : undefined;
    const field = 'field' in body && typeof body.field === 'string' ? body.field : undefined;
    return new ApiError(status, message, code, field);
  }
  if (typeof body === 'string' && body.trim() && !body.trimStart().startsWith('<')) {
    return new ApiError(status, body.trim());
  }
  return new ApiError(status);
}

/**
 * A raw request by path, answering the body as it came (`unknown`: never a cast). Only for what
 * has no operation at hand: the outbox's replay of a stored write (its method and path were taken
 * from the operation when it was queued, `sendOrQueueCall`). Everything else calls `call(op, …)`.
 */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  return (await exchange(path, options)).data;
}

/** One page of a paginated list (issue #19): the items and the `cursor` of the next page (null on the last). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
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

  const request = () => sender(`${env.apiUrl}${path}`, { method, headers, body: payload, signal });
  // Issue #33 item 2: the same request, already sent by a preloaded page's HTML (src/lib/early-fetch.ts).
  const early = method === 'GET' && auth && token && !env.apiUrl ? takeEarlyFetch(path, token) : null;
  let response: Response;
  try {
    response = await (early ? early.catch(request) : request());
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0);
  }

  // An answer the service worker served from its offline mirror carries when it was stored.
  if (method === 'GET') useSavedAt.getState().record(path, response.headers.get(OFFLINE_SAVED_AT_HEADER));

  const data = await readBody(response).catch(() => undefined);
  if (!response.ok) {
    const error = toApiError(response.status, data);
    if (response.status === 401 && auth && token && options.token === undefined) onUnauthorized?.(error);
    throw error;
  }
  return { data, response };
}


/** Absolute URL for a browser navigation to the API host (social login). */
export function apiUrl(path: string): string {
  return `${env.apiUrl}${path}`;
}

// ---------------------------------------------------------------------------------------------
// Typed calls of the operations of common/api (issue #29 item 1).

/** The JSON answer of a success response entry (`Type.Null()` → null; a non-JSON content → its text). */
type AnswerOf<R> = R extends ContentResponse ? string : R extends TSchema ? Static<R> : string;
/** The answer of `op`: the union of its 2xx responses. */
export type OperationAnswer<O extends OperationSpec> = { [S in keyof O['responses']]: S extends number ? (`${S}` extends `2${string}` ? AnswerOf<O['responses'][S]> : never) : never }[keyof O['responses']];

type PartOf<O, K extends string> = O extends { [P in K]: infer S extends TSchema } ? Static<S> : never;
/**
 * The parts of a call of `op`: `params` when its path has some, `body` when it takes one (FormData
 * for an operation that `consumes` a non-JSON body, e.g. a multipart upload without a body schema),
 * `query` (optional) when it reads one.
 */
export type CallInput<O extends OperationSpec> = ([PartOf<O, 'params'>] extends [never] ? { params?: never } : { params: PartOf<O, 'params'> }) &
  ([PartOf<O, 'body'>] extends [never]
    ? O extends { consumes: readonly string[] }
      ? { body: FormData }
      : { body?: never }
    : { body: PartOf<O, 'body'> | (O extends { consumes: readonly string[] } ? FormData : never) }) &
  ([PartOf<O, 'querystring'>] extends [never] ? { query?: never } : { query?: PartOf<O, 'querystring'> }) & {
    signal?: AbortSignal;
    /** `Idempotency-Key` (issue #7): a repeat answers the first answer. */
    idempotencyKey?: string;
    /** Overrides the session token (used while restoring a session). */
    token?: string | null;
  };

/** `op.path` with each `{name}` replaced by its URI-encoded parameter. */
export function pathOf(op: Pick<OperationSpec, 'path'>, params: Record<string, unknown> | undefined): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${op.path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** A query object as a search string (`?a=1&b=x`; arrays repeat the name; undefined and null are left out). */
export function searchOf(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `${text.startsWith('?') ? '' : '?'}${text}` : '';
}

/** Whether answers are checked against their schemas: in development and tests, not in a production build. */
let checkAnswers = !env.isProduction;

/** Null when `value` fits `schema`, else a few `path message` lines (src/lib/answer-check.ts). */
export type AnswerValidator = (schema: TSchema, value: unknown) => string[] | null;
/**
 * The schema check answers go through; installed by src/lib/answer-check.ts (development and
 * tests), so `typebox/value` stays out of the production bundle (issue #33 item 1). Without it no
 * answer is checked.
 */
let validate: AnswerValidator | null = null;
/** Installs the answer check (src/lib/answer-check.ts does on import). */
export function installAnswerValidator(validator: AnswerValidator): void {
  validate = validator;
}
/** Tests may turn the answer check off and on (default: on unless production). */
export function setAnswerCheck(on: boolean): void {
  checkAnswers = on;
}

/** An answer that does not match its operation's schema (development and tests only). */
export class AnswerDriftError extends Error {
  constructor(op: Pick<OperationSpec, 'method' | 'path'>, status: number, problems: string[]) {
    super(`${op.method} ${op.path} answered ${status} with a body that does not match its schema (common/api): ${problems.join('; ')}`);
    this.name = 'AnswerDriftError';
  }
}

function checkAnswer(op: OperationSpec, status: number, data: unknown): void {
  const schema = op.responses[status];
  if (!schema || 'content' in schema) return;
  const value = status === 204 && data === undefined ? null : data;
  const problems = validate?.(schema, value);
  if (problems) throw new AnswerDriftError(op, status, problems);
}

/**
 * `data`, a success answer of `op` that came another way than `call` (the outbox's replayable send,
 * src/lib/outbox), typed by the operation. In development and tests it is checked like `call`'s
 * answers against the operation's 2xx schemas (a text answer must be a string; an empty 204 is
 * null) and a drift throws `AnswerDriftError`.
 */
export function answerOf<const O extends OperationSpec>(op: O, data: unknown): OperationAnswer<O> {
  const successes = Object.keys(op.responses).map(Number).filter((status) => status >= 200 && status < 300);
  const value = data === undefined && successes.includes(204) ? null : data;
  if (checkAnswers && validate && successes.length > 0) {
    const check = validate;
    const fits = (status: number) => {
      const schema = op.responses[status];
      return !!schema && ('content' in schema ? typeof value === 'string' : check(schema, value) === null);
    };
    if (!successes.some(fits)) {
      const status = successes[0] ?? 200;
      const schema = op.responses[status];
      const problems = schema && !('content' in schema) ? (check(schema, value) ?? []) : ['(body) is not text'];
      throw new AnswerDriftError(op, status, problems);
    }
  }
  return value as OperationAnswer<O>;
}

/**
 * Calls `op`: builds its path from `params` (URI-encoded) and `query`, sends `body` as JSON (or
 * FormData), and answers the success body typed by the operation's schema — no cast. In
 * development and tests the answer is checked with TypeBox `Value.Check` against the schema of
 * its status and a drift throws `AnswerDriftError` naming the operation. Failures throw `ApiError`
 * with the catalogue's `code`.
 */
export async function call<const O extends OperationSpec>(op: O, input: CallInput<O> = {} as CallInput<O>): Promise<OperationAnswer<O>> {
  const { response, data } = await send(op, input);
  return (op.responses[response.status] && 'content' in (op.responses[response.status] as object) ? data : response.status === 204 ? null : data) as OperationAnswer<O>;
}

/**
 * One page of a paged list operation (`paged: true`): its items, typed by the operation, and the
 * next page's cursor from `Link: <…>; rel="next"` (null on the last). `cursor` is sent as `?cursor=`.
 */
export async function callPage<const O extends OperationSpec>(
  op: O,
  cursor: string | null,
  input: CallInput<O> = {} as CallInput<O>,
): Promise<Page<OperationAnswer<O> extends readonly (infer T)[] ? T : never>> {
  const query = { ...(input.query as Record<string, unknown> | undefined), ...(cursor ? { cursor } : {}) };
  const { response, data } = await send(op, { ...input, query } as CallInput<O>);
  return { items: data as never, nextCursor: nextCursor(response.headers.get('link')) };
}

async function send(op: OperationSpec, input: { params?: unknown; query?: unknown; body?: unknown; signal?: AbortSignal; idempotencyKey?: string; token?: string | null }) {
  const path = pathOf(op, input.params as Record<string, unknown> | undefined) + searchOf(input.query as Record<string, unknown> | undefined);
  const result = await exchange(path, {
    method: op.method,
    body: input.body,
    auth: op.auth !== 'public',
    signal: input.signal,
    idempotencyKey: input.idempotencyKey,
    ...(input.token !== undefined ? { token: input.token } : {}),
  });
  if (checkAnswers) checkAnswer(op, result.response.status, result.data);
  return result;
}
