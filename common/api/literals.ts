import { Type } from 'typebox';

/**
 * A JSON-schema union of string literals whose static type is the union of `values`
 * (`Type.Union(values.map(Type.Literal))` alone infers `never` from a mapped array).
 *
 * @example const Status = literalUnion(['PENDING', 'ACCEPTED'] as const) // Static: 'PENDING' | 'ACCEPTED'
 */
export function literalUnion<const T extends readonly string[]>(values: T, options: { description?: string } = {}) {
  return Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v)), options));
}
