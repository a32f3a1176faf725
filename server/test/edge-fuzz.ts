/**
 * Hostile inputs for the property tests at the API edge (issue #13, `edge-properties.test.ts`):
 * - reads the operations (path, query and JSON body schemas) from the OpenAPI document;
 * - derives a valid value per schema, so a request can mutate ONE field and keep the rest valid;
 * - hostile values per JSON-schema type as fast-check arbitraries, plus fixed lists that every run
 *   sends (fast-check `examples`), for body fields (JSON values, `Raw` JSON text for what
 *   `JSON.stringify` cannot write, `OMIT` for a missing field) and for URL text (path / query);
 * - whole-body and header mutations (bad JSON, content types, `Idempotency-Key`, `Authorization`).
 */
import fc from 'fast-check';

/** JSON text sent as is (e.g. `1e309`, `-0`, `9007199254740993`, `{"__proto__":…}`). */
export class Raw {
  constructor(readonly text: string) {}
}
/** Shorthand for `new Raw(text)`. */
export const raw = (text: string): Raw => new Raw(text);
/** Marks a field that is left out of the body. */
export const OMIT: unique symbol = Symbol('omit');

/** JSON text of a value that may hold `Raw` parts (object fields set to `OMIT`/undefined are left out). */
export function toJsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined || v === OMIT ? 'null' : toJsonText(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== OMIT)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A short, printable description of a hostile value (long strings are abbreviated). */
export function describeValue(value: unknown): string {
  if (value === OMIT) return '(missing)';
  if (value instanceof Raw) return `raw JSON ${abbreviate(value.text)}`;
  if (typeof value === 'string') return `${abbreviate(JSON.stringify(value))}${value.length > 60 ? ` (length ${value.length})` : ''}`;
  if (Array.isArray(value) && value.length > 10) return `array of ${value.length}: ${abbreviate(toJsonText(value))}`;
  return abbreviate(toJsonText(value) ?? String(value));
}

function abbreviate(text: string): string {
  return text.length > 120 ? `${text.slice(0, 100)}…${text.slice(-10)}` : text;
}

/** The subset of JSON Schema the OpenAPI document of this app uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** A path or query parameter. */
export interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  /** As the document spells it, e.g. `/api/board/{id}`. */
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  /** The `application/json` body schema, when the operation declares one. */
  body: JsonSchema | undefined;
  secured: boolean;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>; requestBody?: { content: Record<string, { schema: JsonSchema }> }; security?: unknown[] }>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of an OpenAPI 3 document. */
export function operationsOf(doc: unknown): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries((doc as OpenApiDoc).paths)) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      const params = op.parameters ?? [];
      const pick = (where: string) => params.filter((p) => p.in === where).map((p) => ({ name: p.name, required: p.required === true, schema: p.schema }));
      ops.push({
        method: m.toUpperCase(),
        path,
        pathParams: pick('path'),
        queryParams: pick('query'),
        body: op.requestBody?.content['application/json']?.schema,
        secured: (op.security ?? []).length > 0,
      });
    }
  }
  return ops;
}

/** A body field: where it sits in the body and its schema. */
export interface BodyField {
  /** e.g. `title`, `tags[0]`, `preferences.한식`. */
  name: string;
  keyPath: Array<string | number>;
  schema: JsonSchema;
}

/** Every field of a body schema, recursively into objects and (the first item of) arrays. */
export function bodyFields(schema: JsonSchema, keyPath: Array<string | number> = [], name = ''): BodyField[] {
  const out: BodyField[] = [];
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    const subName = name ? `${name}.${key}` : key;
    out.push({ name: subName, keyPath: [...keyPath, key], schema: sub });
    out.push(...nested(sub, [...keyPath, key], subName));
  }
  return out;
}

function nested(schema: JsonSchema, keyPath: Array<string | number>, name: string): BodyField[] {
  const s = concrete(schema);
  if (s.properties) return bodyFields(s, keyPath, name);
  if (s.items) return [{ name: `${name}[0]`, keyPath: [...keyPath, 0], schema: s.items }, ...nested(s.items, [...keyPath, 0], `${name}[0]`)];
  return [];
}

/** The first non-null alternative of an `anyOf` (or the schema itself). */
export function concrete(schema: JsonSchema): JsonSchema {
  if (!schema.anyOf) return schema;
  return schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!;
}

/** The JSON types a schema accepts (`anyOf` flattened; enums count as their value's type). */
export function typesOf(schema: JsonSchema): Set<string> {
  if (schema.anyOf) return new Set(schema.anyOf.flatMap((s) => [...typesOf(s)]));
  if (schema.type) return new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
  if (schema.enum) return new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)));
  if (schema.properties) return new Set(['object']);
  return new Set();
}

/** Sets (or, with `OMIT`, deletes) the value at `keyPath` in a deep copy of `body`. */
export function withField(body: unknown, keyPath: ReadonlyArray<string | number>, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (let i = 0; i < keyPath.length - 1; i += 1) {
    const key = keyPath[i]!;
    if (node[key] === null || typeof node[key] !== 'object') node[key] = typeof keyPath[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  const last = keyPath[keyPath.length - 1]!;
  if (value === OMIT) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/** A valid value for a schema (enum → first, min/max respected, known patterns and formats). */
export function validValue(schema: JsonSchema, patterns: Record<string, string> = {}): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.anyOf) return validValue(concrete(schema), patterns);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.maximum !== undefined ? Math.round((schema.minimum + schema.maximum) / 2) : (schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return schema.minItems ? Array.from({ length: schema.minItems }, () => validValue(schema.items ?? {}, patterns)) : [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, validValue(s, patterns)]));
    case 'string': {
      if (schema.pattern && patterns[schema.pattern] !== undefined) return patterns[schema.pattern];
      if (schema.format === 'email') return 'edge-fuzz@example.com';
      if (schema.format === 'date-time') return new Date(0).toISOString();
      return '가'.repeat(Math.max(schema.minLength ?? 1, 1));
    }
    default:
      return null;
  }
}

// ───────────────────────── hostile JSON values (body fields) ─────────────────────────

const LONG = 200_000;

/** Hostile values every numeric field gets (JSON values; `Raw` for text JSON.stringify cannot write). */
export function hostileNumbers(schema: JsonSchema): unknown[] {
  const out: unknown[] = [
    'Infinity', '-Infinity', 'NaN', '1e309', raw('1e309'), raw('-1e309'), raw('-0'), raw('5e-324'), raw('1e-400'),
    2 ** 31, -(2 ** 31) - 1, raw('9007199254740993'), raw('1' + '0'.repeat(400)), Number.MAX_VALUE,
    -1, 0, 1.5, raw('1.0'), '', ' 1', '0x10', '1e2', '١', '1', null, [], {}, true,
  ];
  if (schema.minimum !== undefined) out.push(schema.minimum - 1, schema.minimum - 0.5, String(schema.minimum - 1));
  if (schema.maximum !== undefined) out.push(schema.maximum + 1, schema.maximum + 0.5, String(schema.maximum + 1));
  return out;
}

/** Strings that stress trimming, encodings and the database (every string field gets these). */
const NASTY_STRINGS = [
  '', ' ', '\t\n\r', '\u3000\u200B\uFEFF\u00A0', '\u0000', 'a\u0000b', '\u0001\u001f\u007f', '\uD800', 'a\uDFFFb', '\uFFFF',
  '\u202Eevil\u202C', 'مرحبا بالعالم', 'e\u0301\u0301\u0301', '🍚👨‍👩‍👧‍👦🏳️‍🌈', '한식'.normalize('NFD'),
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', "'; DROP TABLE users; --", '%00%s%n', '../../../../etc/passwd', '__proto__', 'Infinity', '1e309',
];
/** More of the same, drawn by the random runs only. */
const MORE_STRINGS = [
  '   ', '\u3000', '\u200B', '\uFEFF', '\u2028\u2029', '\u00A0', '\uDBFF\uDFFF', '\uFFFE', 'שלום', '"><svg onload=alert(1)>', 'javascript:alert(1)',
  "' OR '1'='1", '{{7*7}}', '${7*7}', 'constructor', 'toString', 'null', 'undefined', 'true', '0', '-1', 'NaN',
];

/** Hostile values every string field gets. */
export function hostileStrings(schema: JsonSchema): unknown[] {
  const max = schema.maxLength ?? 1000;
  const out: unknown[] = [
    ...NASTY_STRINGS,
    'a'.repeat(max + 1), '가'.repeat(max + 1), '🍚'.repeat(max), '🍚'.repeat(max + 1), 'e\u0301'.repeat(max), '<b>'.repeat(Math.ceil(max / 3)),
    null, 1, raw('1e309'), true, [], ['a'], {},
  ];
  if (schema.enum) {
    for (const e of schema.enum) if (typeof e === 'string') out.push(`${e} `, ` ${e}`, e.normalize('NFD'), e.toUpperCase() === e ? e.toLowerCase() : e.toUpperCase(), `${e}\u0000`, [e]);
  }
  if (schema.anyOf) {
    for (const s of schema.anyOf) for (const e of s.enum ?? []) if (typeof e === 'string') out.push(`${e} `, e.normalize('NFD'), `${e}\u0000`, [e]);
  }
  if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) {
    out.push('2024-02-30', '2024-13-01', '2023-02-29', '0000-00-00', '9999-99-99', '9999-12-31', '1969-12-31', '0001-01-01', '2024-1-01', '２０２４-０１-０１', '2024-01-01T00:00:00Z', '2024-01-01\n');
  }
  if (schema.pattern === '^[0-9]{6}$') out.push('000000', '999999', '12345', '1234567', '12345\n', '١٢٣٤٥٦', '-12345', '1e5000');
  if (schema.format === 'email') {
    out.push('a@b', '@example.com', 'a@', `${'a'.repeat(245)}@example.com`, '"quoted local"@example.com', 'x@[127.0.0.1]', 'UPPER@EXAMPLE.COM', 'ü@例え.jp', 'a@b.c\u0000', 'a@b.c\n', 'a+b@example.com', 'a@b..com');
  }
  if (schema.pattern?.startsWith('^/(uploads|avatars)/')) {
    out.push('/uploads/../../etc/passwd', '/uploads/nonexistent.png', '/uploads/.', '/uploads/..', '/avatars/x', '/uploads/a\u0000.png', '//evil.example/x.png', 'https://evil.example/a.png', `/uploads/${'a'.repeat(300)}`);
  }
  return out;
}

/** Hostile values every array field gets. */
export function hostileArrays(schema: JsonSchema, valid: unknown): unknown[] {
  const item = schema.items ? validValue(schema.items) : 'a';
  const items = schema.items?.anyOf?.flatMap((s) => s.enum ?? []) ?? schema.items?.enum ?? [item];
  const max = schema.maxItems ?? 100;
  return [
    Array.from({ length: max + 1 }, (_, i) => items[i % items.length]), Array.from({ length: 10_000 }, () => item),
    [item, item], [1], [null], [true], [[]], [[item]], [{}], [item, 1], Array(3).fill(raw('1e309')),
    raw(`${'['.repeat(5000)}${']'.repeat(5000)}`),
    '', item, null, {}, { 0: item, length: 1 }, 0, true, raw('[,]'),
    ...(Array.isArray(valid) ? [[...valid, ...valid]] : []),
  ];
}

/** Hostile values every object field gets. */
export function hostileObjects(schema: JsonSchema): unknown[] {
  const keys = Object.keys(schema.properties ?? {});
  return [
    null, [], 'x', 1, true, {}, { unknown: true }, raw('{"__proto__":{"polluted":true}}'), raw('{"constructor":{"prototype":{"polluted":true}}}'),
    Object.fromEntries(keys.map((k) => [k, null])), Object.fromEntries(keys.map((k) => [k, 'true'])), Object.fromEntries(keys.map((k) => [k, raw('1e309')])),
    Object.fromEntries(keys.map((k) => [`${k} `, true])), Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, true])),
    raw(`${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`),
  ];
}

const BOOLEAN_HOSTILE = ['true', 'false', '', 1, 0, null, [], {}, raw('1e309')];

/** Every fixed hostile value of a schema (one field), including a missing field. */
export function hostileValues(schema: JsonSchema, valid: unknown): unknown[] {
  const out: unknown[] = [OMIT];
  const types = typesOf(schema);
  const alternatives = schema.anyOf ?? [schema];
  for (const alt of alternatives) {
    const t = typesOf(alt);
    if (t.has('integer') || t.has('number')) out.push(...hostileNumbers(alt));
    if (t.has('string')) out.push(...hostileStrings({ ...alt, anyOf: schema.anyOf }));
    if (t.has('array')) out.push(...hostileArrays(alt, valid));
    if (t.has('object')) out.push(...hostileObjects(alt));
    if (t.has('boolean')) out.push(...BOOLEAN_HOSTILE);
  }
  if (types.size === 0) out.push(null, raw('1e309'), 'x'.repeat(LONG), [], {});
  return dedupe(out);
}

function dedupe(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v === OMIT ? 'OMIT' : `${typeof v}:${v instanceof Raw ? `raw:${v.text}` : toJsonText(v)}:${Object.is(v, -0)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Any UTF-16 code unit, lone surrogates included. */
export const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** Random hostile JSON values for a schema: random numbers, strings, arrays and any JSON. */
export function randomHostile(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const max = concrete(schema).maxLength ?? 300;
  const arbs: Array<fc.Arbitrary<unknown>> = [fc.jsonValue({ maxDepth: 3 })];
  if (types.has('integer') || types.has('number')) {
    arbs.push(
      fc.double().map((d) => (Number.isFinite(d) ? (Object.is(d, -0) ? raw('-0') : d) : String(d))),
      fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
      fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((b) => raw(b.toString())),
      fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: -400, max: 400 })).map(([m, e]) => raw(`${m}e${e}`)),
      fc.string({ unit: fc.constantFrom(...'0123456789.eE+-xX ', 'Infinity', 'NaN'), maxLength: 12 }),
    );
  }
  if (types.has('string') || types.size === 0) {
    arbs.push(
      fc.string({ unit: anyUnit, maxLength: 40 }),
      fc.string({ unit: 'grapheme', minLength: Math.max(0, max - 2), maxLength: max + 2 }),
      fc.string({ unit: 'binary', minLength: Math.max(0, max - 2), maxLength: max + 2 }),
      fc.constantFrom(...NASTY_STRINGS, ...MORE_STRINGS).chain((s) => fc.nat({ max: 4 }).map((n) => s.repeat(n + 1))),
    );
  }
  if (types.has('array')) arbs.push(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 20 }), fc.array(fc.constantFrom(...(concrete(schema).items ? [validValue(concrete(schema).items!)] : ['a'])), { maxLength: 50 }));
  if (types.has('object')) arbs.push(fc.dictionary(fc.string({ unit: anyUnit, maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 10 }));
  return fc.oneof(...arbs);
}

// ───────────────────────── hostile URL text (path and query values) ─────────────────────────

/** Percent-encodes a string as UTF-8 (lone surrogates become U+FFFD, as a browser would send). */
export function encodeUrlText(text: string): string {
  return encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
}

/** Fixed hostile values (already URL text) for a path or query parameter; `realId` adds near-misses. */
export function hostileUrlTexts(schema: JsonSchema, realId?: string | number): string[] {
  const out = [
    'Infinity', '-Infinity', 'NaN', '1e309', '-0', '0', '-1', '1.5', '5e-324', '2147483648', '2147483647', '9007199254740993', '1'.padEnd(400, '0'),
    '%201', '0x10', '1e2', '%2B1', '%D9%A1', 'null', 'true', '%5B%5D', '', '%00', '1%00', '%', '%zz', '%C0%80', '%ED%A0%80', '%FF', '%F0%9F%8D%9A',
    'a'.repeat(5000), '..', '%2e%2e', '..%2F..%2Fetc%2Fpasswd', '1%2F2', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', '__proto__', '%E2%80%AE', '%0D%0ASet-Cookie:%20x=1',
  ];
  if (schema.minimum !== undefined) out.push(String(schema.minimum - 1));
  if (schema.maximum !== undefined) out.push(String(schema.maximum + 1));
  if (schema.maxLength !== undefined) out.push('a'.repeat(schema.maxLength + 1), encodeUrlText('🍚'.repeat(schema.maxLength)), encodeUrlText('가'.repeat(schema.maxLength + 1)));
  if (realId !== undefined) out.push(`0${realId}`, `${realId}.0`, `${realId}e0`, `%20${realId}`, `%2B${realId}`, `${realId}abc`, `-${realId}`);
  return [...new Set(out)];
}

/** Random hostile URL text: any string (UTF-8 percent-encoded), numbers in every spelling, raw bytes. */
export function randomUrlText(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: anyUnit, maxLength: 30 }).map(encodeUrlText),
    fc.double().map(String).map(encodeUrlText),
    fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
    fc.uint8Array({ minLength: 1, maxLength: 12 }).map((b) => [...b].map((x) => `%${x.toString(16).padStart(2, '0')}`).join('')),
    fc.string({ unit: fc.constantFrom(...'0123456789.eE+-xX', '%20', '%00', 'Infinity'), maxLength: 12 }),
  );
}

// ───────────────────────── whole-body and header mutations ─────────────────────────

/** A whole request body sent as is with a content type (undefined = none). */
export interface RawBody {
  label: string;
  payload: string | Buffer;
  contentType: string | undefined;
}

/** Whole bodies that are not the JSON object a route expects (given the valid body's JSON text). */
export function hostileBodies(validJson: string | undefined): RawBody[] {
  const json = 'application/json';
  const base = validJson ?? '{}';
  const bodies: RawBody[] = [
    { label: 'empty JSON body', payload: '', contentType: json },
    { label: 'null', payload: 'null', contentType: json },
    { label: 'array', payload: '[]', contentType: json },
    { label: 'string', payload: '"x"', contentType: json },
    { label: 'number 1e309', payload: '1e309', contentType: json },
    { label: 'truncated JSON', payload: base.slice(0, Math.max(1, base.length - 1)), contentType: json },
    { label: 'trailing garbage', payload: `${base}x`, contentType: json },
    { label: 'two JSON values', payload: `${base}${base}`, contentType: json },
    { label: 'NUL byte', payload: '\u0000', contentType: json },
    { label: 'BOM + JSON', payload: `\uFEFF${base}`, contentType: json },
    { label: 'invalid UTF-8', payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), contentType: json },
    { label: 'UTF-16 JSON', payload: Buffer.from(base, 'utf16le'), contentType: 'application/json; charset=utf-16' },
    { label: 'duplicate keys', payload: base.startsWith('{') && base.length > 2 ? `{${base.slice(1, -1)},${base.slice(1, -1)}}` : '{"a":1,"a":2}', contentType: json },
    { label: '__proto__ key', payload: base.startsWith('{') && base.length > 2 ? `{"__proto__":{"polluted":true},${base.slice(1)}` : '{"__proto__":{"polluted":true}}', contentType: json },
    { label: 'constructor.prototype key', payload: '{"constructor":{"prototype":{"polluted":true}}}', contentType: json },
    { label: 'deep array nesting (100k)', payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: json },
    { label: 'deep object nesting (50k)', payload: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`, contentType: json },
    { label: 'body over 1 MB', payload: `{"x":"${'a'.repeat(1_100_000)}"}`, contentType: json },
    { label: 'no content type', payload: base, contentType: undefined },
    { label: 'text/plain', payload: base, contentType: 'text/plain' },
    { label: 'form urlencoded', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { label: 'multipart without boundary', payload: base, contentType: 'multipart/form-data' },
    { label: 'multipart with broken boundary', payload: '--x\r\nbroken', contentType: 'multipart/form-data; boundary=' },
    { label: 'content type with bad parameters', payload: base, contentType: 'application/json; charset=' },
    { label: 'content type application/json-patch+json', payload: base, contentType: 'application/json-patch+json' },
    { label: 'content type garbage', payload: base, contentType: '\u00ff\u00fe;;;' },
  ];
  return bodies;
}

/** Multipart content types without a usable boundary (the upload route must answer 4xx). */
export const BROKEN_MULTIPART: RawBody[] = [
  { label: 'multipart without boundary', payload: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n', contentType: 'multipart/form-data' },
  { label: 'multipart with empty boundary', payload: '--\r\n\r\n', contentType: 'multipart/form-data; boundary=' },
  { label: 'multipart with a boundary not in the body', payload: '--other\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc\r\n--other--\r\n', contentType: 'multipart/form-data; boundary=x' },
  { label: 'multipart with an over-long boundary', payload: 'abc', contentType: `multipart/form-data; boundary=${'b'.repeat(200)}` },
  { label: 'multipart with a quoted broken boundary', payload: 'abc', contentType: 'multipart/form-data; boundary="unterminated' },
  { label: 'multipart truncated', payload: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG', contentType: 'multipart/form-data; boundary=x' },
  { label: 'multipart with no parts', payload: '--x--\r\n', contentType: 'multipart/form-data; boundary=x' },
  { label: 'multipart, empty body', payload: '', contentType: 'multipart/form-data; boundary=x' },
  { label: 'multipart/mixed', payload: 'abc', contentType: 'multipart/mixed; boundary=x' },
];

/** Hostile `Idempotency-Key` header values (POST routes under /api). */
export const HOSTILE_IDEMPOTENCY_KEYS = ['', ' ', 'a'.repeat(201), 'a b', '\u00e9\u00e9', 'key\t', '%00', '../../x', 'x'.repeat(200)];

/** Hostile `Authorization` header values (a valid token is appended to some by the test). */
export const HOSTILE_AUTHORIZATION = [
  '', 'Bearer', 'Bearer ', 'Bearer x', 'Bearer a.b.c', 'Bearer ..', 'Basic YTpi', 'bearer', `Bearer ${'a'.repeat(10_000)}`,
  'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIn0.', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJJbmZpbml0eSJ9.x', 'Bearer \u00ff\u00fe',
];
