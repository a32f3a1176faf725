/**
 * Registers routes from the operation table (issue #29 items 1 and 6; common/api/operation.ts):
 * `route(app, op, handler, extra?)` turns `{x}` into `:x`, builds the Fastify schema (request parts,
 * success answers, the error answers rendered from the catalogue, security, tags), and for
 * `auth: 'member' | 'admin'` authenticates in `onRequest`, so the handler gets `request.member`
 * typed non-null (`optional`: the member or null). `extra` carries what is not part of the
 * contract: rate limiters (the operation must say `rateLimited`), other preHandlers, bodyLimit.
 *
 * `operationsPlugin` records every route the app registers (method, url, the operation it came
 * from) as `app.registeredRoutes`, for the contract test.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerHookHandler,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ResolveFastifyReplyReturnType } from 'fastify/types/type-provider.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponsesOf, fastifyPath, type OperationSpec } from '../../common/api/operation.ts';
import type { AuthUser } from '../plugins/auth.ts';
import { BEARER } from '../plugins/docs.ts';

/** The Fastify schema an operation stands for (for request and reply typing). */
export type SchemaOf<O extends OperationSpec> = {
  params: O['params'];
  querystring: O['querystring'];
  body: O['body'];
  headers: O['headers'];
  response: O['responses'];
};

/** Who the handler sees as `request.member`. */
type MemberOf<O extends OperationSpec> = O['auth'] extends 'member' | 'admin' ? AuthUser : O['auth'] extends 'optional' ? AuthUser | null : null;

/** The request a handler of `O` gets: typed params, query, body, headers and `member`. */
export type OperationRequest<O extends OperationSpec> = FastifyRequest<RouteGenericInterface, RawServerDefault, IncomingMessage, SchemaOf<O>, TypeBoxTypeProvider> & {
  member: MemberOf<O>;
};

/** The reply of a handler of `O`: `send` typed by its success answers. */
export type OperationReply<O extends OperationSpec> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  ContextConfigDefault,
  SchemaOf<O>,
  TypeBoxTypeProvider
>;

/** A handler of `O`: answers one of its success answers (or sends through `reply`). */
export type OperationHandler<O extends OperationSpec> = (
  request: OperationRequest<O>,
  reply: OperationReply<O>,
) => Promise<ResolveFastifyReplyReturnType<TypeBoxTypeProvider, SchemaOf<O>, RouteGenericInterface>>;

/** Route options that are not part of the contract. */
export interface RouteExtra {
  /** Rate limiters (`app.limiter(…)`); the operation must declare `rateLimited: true`. Run first. */
  limiters?: preHandlerHookHandler[];
  /** Other preHandlers, after the limiters. */
  preHandler?: preHandlerHookHandler[];
  bodyLimit?: number;
  config?: Record<string, unknown>;
}

/** A route the app registered (see `operationsPlugin`). */
export interface RegisteredRoute {
  method: string;
  url: string;
  operation?: OperationSpec;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `operationsPlugin` (HEAD routes left out), for the contract test. */
    registeredRoutes: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    /** The operation a route was registered from (server/lib/operation.ts `route`). */
    operation?: OperationSpec;
  }
}

/** Records the routes the app registers (register before the modules). */
export const operationsPlugin = fp(
  async (app) => {
    const routes: RegisteredRoute[] = [];
    app.decorate('registeredRoutes', routes);
    app.addHook('onRoute', (r) => {
      const methods = Array.isArray(r.method) ? r.method : [r.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({ method, url: r.url, operation: (r.config as { operation?: OperationSpec } | undefined)?.operation });
      }
    });
  },
  { name: 'operations' },
);

/** The Fastify schema of an operation: request parts, answers (success and error), docs. */
export function fastifySchemaOf(op: OperationSpec): FastifySchema & Record<string, unknown> {
  return {
    tags: [...op.tags],
    summary: op.summary,
    description: op.description,
    security: op.auth === 'public' ? [] : op.auth === 'optional' ? [{}, ...BEARER] : BEARER,
    ...(op.params ? { params: op.params } : {}),
    ...(op.querystring ? { querystring: op.querystring } : {}),
    ...(op.body ? { body: op.body } : {}),
    ...(op.headers ? { headers: op.headers } : {}),
    ...(op.consumes ? { consumes: [...op.consumes] } : {}),
    response: { ...op.responses, ...errorResponsesOf(op) },
  };
}

/**
 * Registers `op` on `app` with `handler`. Members and admins are authenticated in `onRequest`
 * (before the body is read): 401 / 403 FORBIDDEN as the catalogue says.
 */
export function route<const O extends OperationSpec>(app: FastifyInstance, op: O, handler: OperationHandler<O>, extra: RouteExtra = {}): void {
  if (Boolean(extra.limiters?.length) !== Boolean(op.rateLimited)) {
    throw new Error(`${op.method} ${op.path}: rate limiters and the operation's rateLimited disagree`);
  }
  const authenticate =
    op.auth === 'member'
      ? async (request: FastifyRequest) => {
          await app.requireAuth(request);
          request.member = request.user;
        }
      : op.auth === 'admin'
        ? async (request: FastifyRequest) => {
            await app.requireAdmin(request);
            request.member = request.user;
          }
        : op.auth === 'optional'
          ? async (request: FastifyRequest) => {
              if (request.headers.authorization === undefined) return;
              await app.requireAuth(request);
              request.member = request.user;
            }
          : undefined;
  const preHandler = [...(extra.limiters ?? []), ...(extra.preHandler ?? [])];
  app.route({
    method: op.method,
    url: fastifyPath(op.path),
    schema: fastifySchemaOf(op),
    ...(authenticate ? { onRequest: authenticate } : {}),
    ...(preHandler.length ? { preHandler } : {}),
    ...(extra.bodyLimit !== undefined ? { bodyLimit: extra.bodyLimit } : {}),
    config: { ...extra.config, operation: op },
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
