/**
 * OpenAPI document generated from the routes' TypeBox schemas (@fastify/swagger) and its UI at
 * `/api/docs` (@fastify/swagger-ui; JSON at `/api/docs/json`). Register before the modules so every
 * route is collected.
 *
 * Issue #20 item 5 (Redocly lint with 0 errors, `server/openapi-lint.test.ts`):
 * - a `servers` entry (this origin: the API is always served beside the app);
 * - every operation gets an `operationId` derived from its method and path (`operationIdOf`),
 *   unless its schema names one;
 * - every tag is declared at the top with a description (`TAGS`);
 * - public routes declare `security: []` in their schema; the others `security: BEARER`.
 * The live channel `/ws` (STOMP) is described by the AsyncAPI 3 document `docs/asyncapi.yaml`,
 * served at `GET /api/docs/asyncapi.yaml` (text/yaml; the compiled server reads the copy
 * `npm run build:server` puts in build/docs/).
 */
import { readFile } from 'node:fs/promises';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/** The security requirement routes behind `requireAuth` declare. */
export const BEARER = [{ bearerAuth: [] as string[] }];

/** Every tag an operation may carry, with its description (the document's top-level `tags`). */
export const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'ops', description: 'Health and readiness probes (issue #20).' },
  { name: 'auth', description: 'Sign-up with an e-mail code, login, password reset, social login (Kakao, Naver) and logout everywhere (SPEC.md §7).' },
  { name: 'user', description: 'The signed-in member: profile, consent, safety guide, account deletion; the terms in force (SPEC.md §7, issue #17).' },
  { name: 'images', description: 'Image upload and the uploaded files (SPEC.md §7).' },
  { name: 'reviews', description: 'Reviews after a meal and the AI-featured reviews (SPEC.md §7).' },
  { name: 'schedules', description: 'Meal schedules: create, list, search, random match (SPEC.md §7).' },
  { name: 'matches', description: 'Meal requests and matches: accept, confirm, cancel, attendance, calendar (SPEC.md §7).' },
  { name: 'chat', description: 'Chat history of a match; live messages go over the STOMP channel /ws (docs/asyncapi.yaml).' },
  { name: 'notifications', description: 'The notification inbox (issue #16); live notifications go over /ws.' },
  { name: 'push', description: 'Web push device registration (issue #7).' },
  { name: 'blocks', description: 'Blocking members (issue #17).' },
  { name: 'share', description: '안전 공유: a meal shared with a trusted person by link (issue #17).' },
  { name: 'reports', description: 'Reporting members and content (issue #17).' },
  { name: 'admin', description: 'Moderation for ADMIN_EMAILS: reports, hiding, suspension, audit (issue #17).' },
  { name: 'venues', description: 'Restaurant search (Kakao Local or the demo catalogue; issue #3).' },
  { name: 'board', description: 'The community board: posts and comments (SPEC.md §7).' },
];

/**
 * The operationId of a route: the method, then each path segment in camel case, a parameter as
 * `By{Name}` — `POST /api/matches/:id/accept` → `postApiMatchesByIdAccept`. Unique because
 * (method, path) is.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{]([^}]+)}?$/.exec(segment);
      return param ? ['by', ...param[1]!.split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** Where the AsyncAPI document is, from this file (server/plugins/ or build/server/plugins/). */
export const ASYNCAPI_FILE = new URL('../../docs/asyncapi.yaml', import.meta.url);

/** Registers the OpenAPI generator and UI, and the AsyncAPI document. */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: '밥상친구 API',
          version: '0.1.0',
          description: 'Korean social dining PWA — API (see SPEC.md §7). The live channel (STOMP over WebSocket at /ws) is described in the AsyncAPI document at /api/docs/asyncapi.yaml.',
        },
        servers: [{ url: '/', description: 'This instance (the API is served on the app’s own origin).' }],
        tags: [...TAGS],
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: ({ schema, url, route }) => {
        // Routes without a schema (static files) are left as they are.
        if (!schema) return { schema, url };
        const method = Array.isArray(route.method) ? route.method[0]! : route.method;
        return { url, schema: { ...schema, operationId: (schema as { operationId?: string }).operationId ?? operationIdOf(method, url) } };
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });

    // Read once at start-up: a missing document fails the start, not a request.
    const asyncapi = await readFile(ASYNCAPI_FILE, 'utf8');
    app.get(
      '/api/docs/asyncapi.yaml',
      {
        schema: {
          tags: ['ops'],
          security: [],
          summary: 'AsyncAPI document of the live channel',
          description:
            'Public. The AsyncAPI 3 document (YAML, docs/asyncapi.yaml) of the STOMP channel at /ws (issue #20 item 5; SPEC.md §7 "Live channels"): ' +
            'the CONNECT with `Authorization: Bearer`, the destinations /topic/chat/{matchId}, /app/chat/{matchId}, /topic/user/{userId}/notifications and /user/queue/errors, ' +
            'their payloads, ERROR frames and their codes, heart-beats and close code 1012 on restart. 200 text/yaml.',
          response: { 200: { description: 'The AsyncAPI 3 document', content: { 'text/yaml': { schema: { type: 'string' } } } } },
        },
      },
      async (_request, reply) => reply.type('text/yaml; charset=utf-8').send(asyncapi),
    );
  },
  { name: 'docs' },
);
