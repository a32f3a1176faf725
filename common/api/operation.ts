/**
 * One operation of the HTTP API, described once (issue #29 item 1): method, path, who may call it,
 * the request parts, the success answers and the error codes it can answer. The server registers
 * its routes from these (server/plugins/operations.ts `route`), the OpenAPI document is generated from
 * them, and the client calls them. Each common/api/<area>.ts exports its operations next to its
 * schemas; common/api/operations.ts collects them all.
 *
 * `errors` lists the codes the operation's own rules answer (common/errors.ts). The codes every
 * operation of its kind can answer are added by `operationErrors`: VALIDATION (any request part),
 * BAD_JSON (a JSON body), INVALID_CURSOR (a paged list), the 401s (auth `member`/`admin`, and
 * `optional` with a bad token), FORBIDDEN (`admin`), RATE_LIMITED (`rateLimited`) and the
 * Idempotency-Key answers (a signed-in POST under /api).
 */
import { Type, type TSchema } from 'typebox';
import { ERROR_SAMPLES, ERRORS, errorText, type ErrorCode } from '../errors.ts';

/** Who may call an operation: anyone, anyone (a member when a token is sent), a member, an admin. */
export type OperationAuth = 'public' | 'optional' | 'member' | 'admin';

/** A success answer that is not JSON (e.g. `text/plain`, `text/calendar`): its OpenAPI response object. */
export interface ContentResponse {
  description: string;
  content: Record<string, { schema: TSchema | Record<string, unknown> }>;
}

/** A success answer: a TypeBox schema (JSON; `Type.Null()` for an empty 204) or a content response. */
export type SuccessResponse = TSchema | ContentResponse;

/** What `defineOperation` takes. */
export interface OperationSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path with `{name}` parameters, e.g. `/api/blocks/{userId}`. */
  path: string;
  auth: OperationAuth;
  /** A short English title (the OpenAPI summary). */
  summary: string;
  /** One English sentence: what the operation does (no Korean, no issue numbers). */
  description: string;
  tags: readonly string[];
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  headers?: TSchema;
  /** The request body's media types when it is not JSON (e.g. `['multipart/form-data']`). */
  consumes?: readonly string[];
  /** Success answers by status. */
  responses: Readonly<Record<number, SuccessResponse>>;
  /** Codes the operation's own rules answer (see the file comment for those added by kind). */
  errors: readonly ErrorCode[];
  /** Counted by a rate limiter: 429 RATE_LIMITED with `Retry-After`. */
  rateLimited?: boolean;
  /** A keyset-paged list (`limit`, `cursor`; `Link: <…>; rel="next"`): 400 INVALID_CURSOR. */
  paged?: boolean;
}

/** An operation: its spec, kept literal-typed. */
export type Operation = OperationSpec;

/** Describes an operation; the answer keeps its literal types (method, path, schemas, codes). */
export function defineOperation<const O extends OperationSpec>(op: O): O {
  return op;
}

const SIGNED_IN_ERRORS = ['NO_TOKEN', 'INVALID_TOKEN', 'TOKEN_EXPIRED', 'TOKEN_REVOKED', 'ACCOUNT_SUSPENDED', 'ACCOUNT_DELETED'] as const satisfies readonly ErrorCode[];
const IDEMPOTENCY_ERRORS = ['IDEMPOTENCY_KEY_INVALID', 'IDEMPOTENCY_MISMATCH', 'IDEMPOTENCY_IN_PROGRESS'] as const satisfies readonly ErrorCode[];

/** Every code an operation can answer: its own and those of its kind (see the file comment). */
export function operationErrors(op: OperationSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  if (op.params || op.querystring || op.body || op.headers) codes.add('VALIDATION');
  if (op.body && !op.consumes) codes.add('BAD_JSON');
  if (op.paged) codes.add('INVALID_CURSOR');
  if (op.auth !== 'public') for (const c of SIGNED_IN_ERRORS) codes.add(c);
  if (op.auth === 'admin') codes.add('FORBIDDEN');
  if (op.rateLimited) codes.add('RATE_LIMITED');
  if (op.method === 'POST' && op.path.startsWith('/api/') && op.auth !== 'public') for (const c of IDEMPOTENCY_ERRORS) codes.add(c);
  for (const c of op.errors) codes.add(c);
  return [...codes];
}


/** The text of a code as the OpenAPI document shows it (with sample parameters where it takes some). */
export function sampleText(code: ErrorCode): string {
  return errorText(code, ERROR_SAMPLES[code] as never);
}

/**
 * `ErrorBody` without its `$id`, built when first asked (the OpenAPI document and the server's
 * routes), not when the module loads: the client imports this module for `defineOperation` only.
 */
function errorBodyProperties(): TSchema {
  const { $id: _id, ...properties } = Type.Object({
    message: Type.String({ description: 'The Korean text of the code (common/errors.ts)' }),
    code: Type.String(),
    field: Type.Optional(Type.String({ description: 'The request field the error is about, so a form can mark it' })),
  }) as TSchema & { $id?: string };
  return properties as TSchema;
}

/**
 * The error answers of an operation by status: `ErrorBody` with `code` narrowed to the codes of
 * that status, and a description listing each code with its text (the OpenAPI error lines).
 */
export function errorResponsesOf(op: OperationSpec): Record<number, TSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of operationErrors(op)) {
    const status = ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<number, TSchema> = {};
  const errorBody = errorBodyProperties();
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const properties = { ...(errorBody as { properties: Record<string, TSchema> }).properties };
    out[status] = {
      ...errorBody,
      properties: { ...properties, code: Type.String({ enum: codes, description: 'The machine code (common/errors.ts ERRORS)' }) },
      description: codes.map((c) => `\`${c}\`: ${sampleText(c)}`).join(' · '),
    } as TSchema;
  }
  return out;
}

/** The OpenAPI path of an operation in Fastify's form: `{userId}` → `:userId`. */
export function fastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}
