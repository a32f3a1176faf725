/**
 * The production client's operations (scripts/lean-contract.ts, issue #33 item 1) keep what the
 * client reads of every operation of the real record: method, path, auth, the non-JSON marks and
 * which statuses answer JSON or content. An operation the transform cannot read fails the build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OperationSpec } from '../common/api/operation.ts';
import { operations } from '../common/api/operations.ts';
import { leanContract, leanOperations, schemaImports, schemaNames } from './lean-contract.ts';

const dir = new URL('../common/api/', import.meta.url);
const lean = Object.assign(
  {},
  ...readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => leanOperations(readFileSync(new URL(f, dir), 'utf8'), f)),
) as ReturnType<typeof leanOperations>;

/** A kept field's source text as the value it writes (string, boolean or array literals). */
const valueOf = (text: string): unknown => JSON.parse(text.replace(/'/g, '"'));

describe('lean contract (issue #33 item 1)', () => {
  it('keeps, for every operation, the fields and the response kinds the client reads', () => {
    const all = Object.entries(operations as Record<string, OperationSpec>);
    expect(all.length).toBeGreaterThan(50);
    for (const [name, op] of all) {
      const kept = lean[name];
      expect(kept, name).toBeDefined();
      expect(valueOf(kept!.kept.method ?? 'null'), `${name} method`).toBe(op.method);
      expect(valueOf(kept!.kept.path ?? 'null'), `${name} path`).toBe(op.path);
      expect(valueOf(kept!.kept.auth ?? 'null'), `${name} auth`).toBe(op.auth);
      for (const key of ['consumes', 'paged', 'rateLimited'] as const) {
        expect(kept!.kept[key] === undefined, `${name} ${key}`).toBe(op[key] === undefined);
        if (op[key] !== undefined) expect(valueOf(kept!.kept[key]!), `${name} ${key}`).toEqual(op[key]);
      }
      const kinds = Object.fromEntries(Object.entries(op.responses).map(([status, r]) => [status, 'content' in r ? 'content' : 'json']));
      expect(kept!.responses, `${name} responses`).toEqual(kinds);
    }
  });

  it('rewrites an operation to those fields and marks the schemas pure', () => {
    const code = [
      "import { Type } from 'typebox';",
      "import { defineOperation } from './operation.ts';",
      'export const Body = Type.Object({ a: Type.String() });',
      "export const op = defineOperation({ method: 'POST', path: '/api/x', auth: 'member', summary: 'X', description: 'Does X.', tags: ['x'], body: Body, responses: { 200: Body, 201: { description: 'text', content: {} } }, errors: [] });",
    ].join('\n');
    const out = leanContract(code, 'x.ts');
    expect(out).not.toContain('defineOperation');
    expect(out).toContain("export const op = ({ method: 'POST', path: '/api/x', auth: 'member', responses: { \"200\": {}, \"201\": { content: 0 } } });");
    expect(out).toContain('export const Body = /* @__PURE__ */ (() => (Type.Object({ a: Type.String() })))();');
  });

  it("points a client module's schema imports at the whole copy, and leaves operations and constants", () => {
    const schemas = (specifier: string) => (specifier === '@common/api/x' ? new Set(['Body']) : null);
    const code = "import { Body, op as opOp, LIMIT, type Thing } from '@common/api/x';\nimport type { Body as B } from '@common/api/x';\nimport { y } from '@common/api/y';";
    expect(schemaImports(code, 'form.ts', schemas)).toBe(
      "import { op as opOp, LIMIT, type Thing } from '@common/api/x';\nimport { Body } from '@common/api/x?whole';\nimport type { Body as B } from '@common/api/x';\nimport { y } from '@common/api/y';",
    );
  });

  it('counts as schemas the constants built by a call or read from one, not operations or literals', () => {
    const code = [
      'export const A = Type.Object({});',
      'export const P = A.properties;',
      "export const L = ['a', 'b'] as const;",
      "export const op = defineOperation({ method: 'GET', path: '/x', auth: 'public', responses: {}, errors: [] });",
    ].join('\n');
    expect([...schemaNames(code, 'x.ts')]).toEqual(['A', 'P']);
  });

  it('refuses a response it cannot classify', () => {
    const code = "import { defineOperation } from './operation.ts';\nexport const op = defineOperation({ method: 'GET', path: '/x', auth: 'public', responses: { 200: make() }, errors: [] });";
    expect(() => leanContract(code, 'x.ts')).toThrow(/x\.ts op: cannot tell whether the response make\(\) is JSON or content/);
  });
});
