import { Type, type Static } from 'typebox';

/** `GET /healthz`: 200 `{ status: 'ok' }` when the server and its database answer. */
export const HealthResponse = Type.Object({ status: Type.Literal('ok') });
export type HealthResponse = Static<typeof HealthResponse>;
