/**
 * OpenAPI document generated from the routes' TypeBox schemas (@fastify/swagger) and its UI at
 * `/api/docs` (@fastify/swagger-ui; JSON at `/api/docs/json`). Register before the modules so every
 * route is collected.
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/** The security requirement routes behind `requireAuth` declare. */
export const BEARER = [{ bearerAuth: [] as string[] }];

/** Registers the OpenAPI generator and UI. */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: '밥상친구 API', version: '0.1.0', description: 'Korean social dining PWA — API (see SPEC.md §7).' },
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  },
  { name: 'docs' },
);
