/**
 * The authorization matrix (issue #2 deliverable 7): every route of the server × caller role →
 * the expected HTTP status. `authz-matrix.test.ts` reads the server's own route list from the
 * OpenAPI document and fails when a route is missing here, then checks every cell.
 *
 * Roles: `anonymous` (no token), `member` (a signed-in member unrelated to the resource),
 * `owner` (the member who owns or participates in the resource). `null` = not applicable
 * (e.g. account routes have no separate owner). Later issues add their rows.
 */

/** Who calls. */
export type Role = 'anonymous' | 'member' | 'owner';

/** Fixtures the matrix test prepares before checking cells. */
export interface MatrixContext {
  /** A new number on every call (unique e-mails). */
  seq(): number;
  /** An existing account with a known password. */
  loginAccount: { email: string; password: string };
  /** The URL of an image uploaded by the owner. */
  uploadUrl: string;
}

/** The concrete request for one cell. */
export interface MatrixRequest {
  url?: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
}

/** One route and the status each role gets. */
export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as the OpenAPI document spells it, e.g. `/uploads/{name}`. */
  path: string;
  anonymous: number | null;
  member: number | null;
  owner: number | null;
  /** Builds the request (URL with real ids, body); default: `path` with no body. */
  request?: (ctx: MatrixContext, role: Role) => MatrixRequest;
  /** The call changes the caller's session (e.g. revokes tokens): use a throw-away member. */
  mutatesCaller?: boolean;
}

/** A 1×1 PNG. */
const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A multipart body with the field `image`. */
export function imageForm(body: Buffer = PNG_1x1, filename = 'a.png', contentType = 'image/png'): MatrixRequest {
  const boundary = '----authzmatrix';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Routes that need no authorization at all and are not part of the API surface. */
export const PUBLIC_ROUTES: ReadonlyArray<{ method: 'GET'; path: string; status: number; note: string }> = [
  { method: 'GET', path: '/healthz', status: 200, note: 'health check' },
  { method: 'GET', path: '/api/docs/json', status: 200, note: 'OpenAPI document (hidden from itself)' },
  { method: 'GET', path: '/api/docs', status: 200, note: 'Swagger UI' },
  // Static client files and the SPA fallback (`/`, `/*`) are public; hidden from the OpenAPI document.
];

/** The matrix. */
export const AUTHZ_MATRIX: readonly MatrixRow[] = [
  // ── auth (issue #2): public account routes; their status does not depend on who calls ──
  {
    method: 'POST', path: '/api/auth/send-verification-email', anonymous: 200, member: 200, owner: null,
    request: (c) => ({ payload: { email: `matrix-new-${c.seq()}@example.com` } }),
  },
  {
    method: 'POST', path: '/api/auth/verify-email', anonymous: 400, member: 400, owner: null,
    request: () => ({ payload: { email: 'matrix-nobody@example.com', code: '123456' } }),
  },
  {
    method: 'POST', path: '/api/auth/register', anonymous: 400, member: 400, owner: null,
    request: (c) => ({ payload: { name: '매트릭스', email: `matrix-unverified-${c.seq()}@example.com`, password: 'password-123' } }),
  },
  {
    method: 'POST', path: '/api/auth/login', anonymous: 200, member: 200, owner: null,
    request: (c) => ({ payload: c.loginAccount }),
  },
  {
    method: 'POST', path: '/api/auth/password-reset/request', anonymous: 200, member: 200, owner: null,
    request: (c) => ({ payload: { email: `matrix-ghost-${c.seq()}@example.com` } }),
  },
  {
    method: 'POST', path: '/api/auth/password-reset/confirm', anonymous: 400, member: 400, owner: null,
    request: () => ({ payload: { email: 'matrix-ghost@example.com', code: '123456', newPassword: 'password-456' } }),
  },
  { method: 'POST', path: '/api/auth/logout-all', anonymous: 401, member: 204, owner: null, mutatesCaller: true },
  { method: 'GET', path: '/api/auth/providers', anonymous: 200, member: 200, owner: null },

  // ── users (issue #2): only one's own account ──
  { method: 'GET', path: '/api/user/me', anonymous: 401, member: 200, owner: null },
  {
    method: 'PUT', path: '/api/user/profile', anonymous: 401, member: 200, owner: null,
    request: () => ({ payload: { name: '매트릭스', age: 30, preferences: { 한식: true } } }),
  },

  // ── images (issue #2) ──
  { method: 'POST', path: '/api/images/upload', anonymous: 401, member: 201, owner: null, request: () => imageForm() },
  { method: 'GET', path: '/uploads/{name}', anonymous: 200, member: 200, owner: 200, request: (c) => ({ url: c.uploadUrl }) },

  // ── featured reviews (issue #2 route, data from the reviews issue) ──
  { method: 'GET', path: '/api/ai/featured-reviews', anonymous: 200, member: 200, owner: null },
];
