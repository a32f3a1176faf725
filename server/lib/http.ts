/**
 * Route-declaration helpers shared by the modules: the error responses a route can give, in the
 * OpenAPI document and for serialisation. All of them are `ErrorBody` (common/api/errors.ts).
 */
import { Type } from 'typebox';
import { ErrorBody } from '../../common/api/errors.ts';

const { $id: _id, ...errorBodyInline } = ErrorBody as typeof ErrorBody & { $id?: string };
/** `ErrorBody` without its `$id`, so it can be inlined in as many responses as needed. */
export const ErrorBodySchema = Type.Unsafe<{ message: string; code?: string }>(errorBodyInline);

/** `{ [status]: ErrorBody }` for each status, e.g. `errorResponses(400, 401, 429)`. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema]));
}
