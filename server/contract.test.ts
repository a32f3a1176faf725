/**
 * The contract test (issue #29 items 1 and 3):
 * - every route the app registers under /api comes from the operation table (common/api/operations.ts),
 *   and every operation is registered, at its method and path, from that operation;
 * - the error catalogue (common/errors.ts): every code the server source uses exists, every entry
 *   is used somewhere, and each operation's error statuses and codes are those of the served
 *   OpenAPI document.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, ERROR_CODES, errorText, type ErrorCode } from '../common/errors.ts';
import { errorResponsesOf, fastifyPath, operationErrors, type OperationSpec } from '../common/api/operation.ts';
import { operations } from '../common/api/operations.ts';
import { createTestApp, type TestApp } from './test/helper.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Swagger UI's own routes (the document and its assets), not part of the API. */
const isDocsUi = (url: string) => url === '/api/docs' || (url.startsWith('/api/docs/') && url !== '/api/docs/asyncapi.yaml');

let t: TestApp;
let doc: { paths: Record<string, Record<string, { responses?: Record<string, { description?: string; content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }> }> }>> };

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await t.close();
});

const all = Object.entries(operations) as Array<[string, OperationSpec]>;

describe('the operation table', () => {
  it('every route under /api comes from an operation', () => {
    const api = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api') && !isDocsUi(r.url));
    const strays = api.filter((r) => !r.operation).map((r) => `${r.method} ${r.url}`);
    expect(strays).toEqual([]);
  });

  it('every operation is registered once, at its method and path, from that operation', () => {
    for (const [name, op] of all) {
      const found = t.app.registeredRoutes.filter((r) => r.method === op.method && r.url === fastifyPath(op.path));
      expect(found.length, `${name}: ${op.method} ${op.path}`).toBe(1);
      expect(found[0]!.operation, name).toBe(op);
    }
    const keys = all.map(([, op]) => `${op.method} ${op.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('descriptions are one English sentence without issue numbers', () => {
    for (const [name, op] of all) {
      expect(op.description, name).not.toMatch(/[가-힣]/);
      expect(op.description, name).not.toMatch(/issue\s*#|#\d/i);
      expect(op.description.trim(), name).toMatch(/^[A-Z`].*\.$/s);
      expect(op.description.replace(/`[^`]*`/g, '').replace(/\b(e\.g|i\.e)\./g, ''), `${name}: one sentence`).not.toMatch(/[.;]\s+[A-Z]/);
    }
  });

  it("each operation's error answers in the served document are those of its codes, each code listed with its text", () => {
    for (const [name, op] of all) {
      const served = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(served, name).toBeDefined();
      const errorStatuses = Object.keys(served!.responses ?? {}).filter((s) => Number(s) >= 400).map(Number).sort();
      const expected = Object.keys(errorResponsesOf(op)).map(Number).sort();
      expect(errorStatuses, name).toEqual(expected);
      expect(expected, name).toEqual([...new Set(operationErrors(op).map((c) => ERRORS[c].status))].sort());
      for (const status of expected) {
        const response = served!.responses![String(status)]!;
        const codes = operationErrors(op).filter((c) => ERRORS[c].status === status);
        expect(response.content?.['application/json']?.schema?.properties?.code?.enum?.sort(), `${name} ${status}`).toEqual([...codes].sort());
        for (const code of codes) expect(response.description, `${name} ${status}`).toContain(`\`${code}\``);
      }
    }
  });
});

/** Server source files (not tests). */
function serverSources(): Array<{ file: string; text: string }> {
  const dir = path.join(root, 'server');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test'))
    .map((f) => ({ file: f, text: readFileSync(path.join(dir, f), 'utf8') }));
}

describe('the error catalogue', () => {
  const sources = serverSources();

  it('every code the server throws or answers is in the catalogue', () => {
    const used = new Set<string>();
    for (const { text } of sources) {
      for (const m of text.matchAll(/\b(?:fail|appError|errorBody|failWith)\(\s*'([A-Z_]+)'/g)) used.add(m[1]!);
      for (const m of text.matchAll(/new AppError\(\s*\d+,\s*'([A-Z_]+)'/g)) used.add(m[1]!);
      for (const m of text.matchAll(/\bcode: '([A-Z_]+)'/g)) used.add(m[1]!);
    }
    expect([...used].filter((c) => !(c in ERRORS))).toEqual([]);
  });

  it('every catalogue entry is used by the server or an operation', () => {
    const text = sources.map((s) => s.text).join('\n') + readFileSync(path.join(root, 'common/api/operation.ts'), 'utf8');
    const declared = new Set(all.flatMap(([, op]) => operationErrors(op)));
    const unused = ERROR_CODES.filter((c) => !declared.has(c) && !text.includes(`'${c}'`));
    expect(unused).toEqual([]);
  });

  it('every entry has a 4xx/5xx status and a Korean text without a 합쇼체 ending (except texts SPEC.md or UI-TEXT.md quote verbatim)', () => {
    /** SPEC.md §5 and UI-TEXT.md quote these texts as they are. */
    const quoted: ErrorCode[] = ['OWN_SCHEDULE', 'ALREADY_REQUESTED', 'NO_MATCH_AVAILABLE', 'SCHEDULE_DELETE_FORBIDDEN'];
    const samples: Partial<Record<ErrorCode, unknown>> = {
      CODE_MISMATCH: { purpose: 'reset' },
      CODE_EXPIRED: { purpose: 'verify' },
      CODE_LOCKED: { purpose: 'login' },
      LOGIN_LOCKED: { minutes: 3 },
      CONSENT_REQUIRED: { missing: ['이용약관 동의'] },
      CONFIRM_REQUIRED: { word: '탈퇴' },
      REQUEST_LIMIT: { max: 2 },
      ARRIVAL_WINDOW: { minutes: 30 },
      ATTENDANCE_WINDOW: { days: 7 },
      TOO_EARLY: { when: '오후 9:30' },
      DISPUTE_WINDOW: { hours: 72 },
      TITLE_TOO_LONG: { max: 100 },
      COMMENT_TOO_LONG: { max: 500 },
      SEARCH_TOO_LONG: { max: 50 },
      REVIEW_TOO_EARLY: { when: '오후 8:30' },
    };
    for (const code of ERROR_CODES) {
      const status = ERRORS[code].status;
      expect(status >= 400 && status < 600, code).toBe(true);
      const text = errorText(code, samples[code] as never);
      expect(text, code).toMatch(/[가-힣]/);
      if (!quoted.includes(code)) expect(text, code).not.toMatch(/(습니다|습니까|십시오)/);
    }
  });

  it('texts that name something choose their particles (josa) for the word', () => {
    expect(errorText('CODE_MISMATCH', { purpose: 'verify' })).toBe('인증번호가 올바르지 않아요.');
    expect(errorText('CODE_MISMATCH', { purpose: 'reset' })).toBe('재설정 코드가 올바르지 않아요.');
    expect(errorText('CODE_LOCKED', { purpose: 'reset' })).toContain('새 재설정 코드를 요청해주세요.');
    expect(errorText('VALIDATION', { field: 'latitude', problem: 'missing' })).toBe("'위도'(latitude)는 꼭 보내야 해요.");
    expect(errorText('VALIDATION', { field: 'email', problem: 'extra' })).toBe("'이메일'(email)은 보낼 수 없는 항목이에요.");
    expect(errorText('CONFIRM_REQUIRED', { word: '탈퇴' })).toBe("탈퇴하려면 '탈퇴'를 입력해주세요.");
  });
});
