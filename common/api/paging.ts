/**
 * The query parameters every paginated list takes (limits in common/paging.ts).
 * Spread `PageParams` into a route's querystring object:
 * `Type.Object({ ...PageParams, q: … }, { additionalProperties: false })`.
 */
import { Type } from 'typebox';
import { CURSOR_MAX_LENGTH, PAGE_DEFAULT, PAGE_MAX } from '../paging.ts';

export const PageParams = {
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: `Items per page: default ${PAGE_DEFAULT}; a value above ${PAGE_MAX} is answered with ${PAGE_MAX} items. 0 or less → 400.`,
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: CURSOR_MAX_LENGTH,
      description:
        'Opaque position from the previous answer\'s `Link: <…>; rel="next"` header; absent for the first page. ' +
        'A cursor the server did not issue → 400 INVALID_CURSOR.',
    }),
  ),
};
