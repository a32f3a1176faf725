/**
 * Issue #20 item 5: the OpenAPI document the app generates (`/api/docs/json`) lints with 0 errors
 * under Redocly's recommended rules (`redocly.yaml`). The document is written to a temp file from a
 * built app and checked with the pinned `@redocly/cli` (its JSON output); the warnings are counted
 * and printed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helper.ts';
import { describeProblem, redoclyLint } from './test/redocly.ts';

let t: TestApp;
let dir: string;
let doc: { paths: Record<string, Record<string, { operationId?: string; security?: unknown[]; tags?: string[] }>>; tags?: Array<{ name: string }> };
let file: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'bs-openapi-'));
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  file = path.join(dir, 'openapi.json');
  await writeFile(file, res.body);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the OpenAPI document (Redocly)', () => {
  it('lints with 0 errors under the recommended rules', async () => {
    const problems = await redoclyLint(file);
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    console.info(`redocly lint of the OpenAPI document: ${errors.length} errors, ${warnings.length} warnings`);
    for (const w of warnings) console.info(`  warning ${describeProblem(w)}`);
    expect(errors.map(describeProblem)).toEqual([]);
  }, 120_000);

  it('every operation has a unique operationId, an explicit security requirement and a declared tag', () => {
    const ids: string[] = [];
    const declared = new Set((doc.tags ?? []).map((tag) => tag.name));
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.operationId, `${method} ${p}`).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
        ids.push(op.operationId!);
        expect(Array.isArray(op.security), `${method} ${p} declares security`).toBe(true);
        for (const tag of op.tags ?? []) expect(declared.has(tag), `${method} ${p} tag ${tag}`).toBe(true);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/matches/{id}/accept']?.post?.operationId).toBe('postApiMatchesByIdAccept');
  });

  it('every operation declares its success answer, so Fastify serialises it with its schema (issue #19 item 6)', () => {
    const missing: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops as Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>)) {
        const success = Object.entries(op.responses ?? {}).filter(([code]) => /^[23]/.test(code));
        const described = success.length > 0 && success.every(([code, r]) => code === '204' || /^3/.test(code) || (Object.keys(r.content ?? {}).length > 0 && Object.values(r.content ?? {}).every((c) => c.schema !== undefined)));
        if (!described) missing.push(`${method.toUpperCase()} ${p}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('public operations (security: []) answer without a token', async () => {
    // Spot check of the declaration against behaviour; the authz matrix checks every route's status.
    for (const url of ['/healthz', '/api/auth/providers', '/api/ai/featured-reviews', '/api/legal']) {
      const p = doc.paths[url]!.get!;
      expect(p.security, url).toEqual([]);
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    }
  });
});
