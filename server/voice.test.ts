/**
 * The voice and literal scan (issue #29 item 4; in server/ because it reads files with node:fs).
 * Every text a member reads lives in one catalogue per language (common/i18n/*, with the server's error texts in common/errors.ts) and speaks 해요체:
 * - no 합쇼체 ending (습니다/습니까/십시오) in the catalogue, except the texts SPEC.md quotes
 *   verbatim (§5, §8), which stay byte-exact (`SPEC_QUOTED`);
 * - no space before a particle after a placeholder (`{place} 에서`, `{name}님 과`), and no
 *   particle that depends on the last syllable written by hand after one (`{name}을`, `{x}(으)로`):
 *   es-hangul's `josa` picks those (`josa(name, '과/와')`);
 * - no Korean string, template or JSX text in src/, server/ or common/ outside the catalogue
 *   files, except tests, the legal texts (/terms, /privacy), data that is not a sentence (demo
 *   venues, the API's vocabulary), each listed in `NOT_CATALOGUE` with its reason.
 * The files are read with the TypeScript parser, so comments never count.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** The catalogue: every text a member reads (the server's errors in common/errors.ts once it exists). */
const CATALOGUE = [/^common\/i18n\/[^/]+\.ts$/, /^common\/errors\.ts$/];

/** SPEC.md's quoted texts (§5, §8; UI-TEXT.md repeats them in "quotes"): exact, even in 합쇼체. */
const SPEC_QUOTED = [
  '자신이 만든 일정에는 매칭을 신청할 수 없습니다.',
  '매칭을 신청할 일정을 선택해주세요.',
  '매칭 신청 실패: {message}',
  '현재 매칭 가능한 상대가 없습니다.',
  '일정 추가에 실패했습니다.',
  '일정 삭제에 실패했습니다. 본인이 만든 일정만 삭제할 수 있습니다.',
  '로그인 후 이용해주세요',
  '{venue} 에서 {category} 약속',
  '[새 메시지] {title}: {body}',
];

/**
 * Files whose Korean is not a member-facing sentence of the catalogue, and why:
 * legal texts stay as written; data is what the API stores and answers, not wording.
 */
const NOT_CATALOGUE: Record<string, string> = {
  'src/features/legal/texts.ts': 'legal: the terms and privacy pages, as written',
  'common/domain/legal.ts': 'legal: the consent items and versions of the terms',
  'common/domain/vocabulary.ts': 'data: food categories, preferences and tags the API stores',
  'common/domain/categories.ts': 'data: the venue categories of the map search, as the maps service names them',
  'common/domain/neighbourhoods.ts': 'data: the 동네 of Seoul a member may pick, with their 구 and centres',
  'common/domain/korean-time.ts': 'the language: Korean date and hour wording (오전/오후, weekdays), like a date-fns locale',
  'server/modules/venues/demo-venues.ts': 'data: the demo venues (names and addresses)',
  'server/lib/content-filter.ts': 'data: the Hangul range the filter reads words in',
  'common/api/account.ts': 'data: the word the API asks a member without a password to type (탈퇴)',
  'server/config.ts': "operators: the settings' descriptions and the mail sender's default",
  'server/main.ts': 'operators: the start-up log line',
  'server/plugins/docs.ts': 'developers: the OpenAPI title and tag descriptions',
};

const SOURCE_DIRS = ['src', 'server', 'common'];
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /^(src|server)\/test\//.test(file) || file === 'server/realtime/test-clients.ts';
const isCatalogue = (file: string) => CATALOGUE.some((pattern) => pattern.test(file));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && name !== 'routeTree.gen.ts' ? [path] : [];
  });
}

/** A string a file writes: its text (substitutions as `${…}`), line and kind. */
interface Literal {
  file: string;
  line: number;
  text: string;
  /** The text pieces between a template's substitutions (each `${…}` splits it). */
  pieces: string[];
}

function literalsOf(file: string): Literal[] {
  const source = readFileSync(join(ROOT, file), 'utf8');
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Literal[] = [];
  const add = (node: ts.Node, pieces: string[]) =>
    found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text: pieces.join('${…}'), pieces });
  const visit = (node: ts.Node) => {
    // An operation's OpenAPI `summary` (common/api) is developer documentation, not a member's text.
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'summary' && file.startsWith('common/api/')) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, [node.text]);
    else if (ts.isTemplateExpression(node)) add(node, [node.head.text, ...node.templateSpans.map((s) => s.literal.text)]);
    else if (ts.isJsxText(node) && node.text.trim()) add(node, [node.text.trim()]);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const HANGUL = /[\uAC00-\uD7A3]/;
/** The particle pair es-hangul's `josa` takes ('을/를'): no text. */
const JOSA_PAIR = /^[\uAC00-\uD7A3]{1,3}\/[\uAC00-\uD7A3]{1,3}$/;
const files = SOURCE_DIRS.flatMap(sourceFiles).map((f) => relative(ROOT, join(ROOT, f)).split('\\').join('/'));
const catalogue = files.filter(isCatalogue).filter((f) => !isTest(f)).flatMap(literalsOf);
const where = (l: Literal) => `${l.file}:${l.line} ${JSON.stringify(l.text)}`;

/** 합쇼체: -습니다, -습니까, -(으)십시오. */
const HASHO = /습니다|습니까|십시오/;
/** Particles that follow a word. */
const PARTICLE = '(?:(?:이|가|을|를|은|는|와|과|으로|로|에서|에게|에|의|도|만|께|한테|랑|이랑|이나|나|이에요|예요)(?:의|는|도|서)?)';
/** A space between a placeholder (`{x}`, `${…}`, `{x}님`) and its particle. */
const SPACED = new RegExp(`(?:\\}|\\}님)\\s+${PARTICLE}(?![\\uAC00-\\uD7A3])`);
/** A particle that depends on the last syllable, written by hand after a placeholder. */
const HAND_PICKED = /\}(?:이|가|을|를|은|는|와|과|으로|로|이에요|예요)(?![\uAC00-\uD7A3])|\}\((?:이|을|은|와|과|으|이에)\)/;

describe('the catalogue speaks 해요체 (issue #29 item 4)', () => {
  it('finds the catalogue', () => {
    expect(catalogue.length).toBeGreaterThan(500);
  });

  it('has no 합쇼체 ending outside the texts SPEC.md quotes', () => {
    const found = catalogue.filter((l) => HASHO.test(l.text) && !SPEC_QUOTED.includes(l.text)).map(where);
    expect(found).toEqual([]);
  });

  it('keeps the texts SPEC.md quotes byte-exact', () => {
    const texts = new Set(catalogue.map((l) => l.text));
    expect(SPEC_QUOTED.filter((quoted) => !texts.has(quoted))).toEqual([]);
  });

  it('puts no space between a placeholder and its particle', () => {
    const inCatalogue = catalogue.filter((l) => SPACED.test(l.text) && !SPEC_QUOTED.includes(l.text)).map(where);
    expect(inCatalogue).toEqual([]);
  });

  it('leaves particles that depend on the last syllable to josa', () => {
    const found = catalogue.filter((l) => HAND_PICKED.test(l.text)).map(where);
    expect(found).toEqual([]);
  });

  it('fails on the faults it looks for', () => {
    expect(HASHO.test('저장되었습니다.')).toBe(true);
    expect(HASHO.test('삭제하시겠습니까?')).toBe(true);
    expect(HASHO.test('저장했어요.')).toBe(false);
    expect(SPACED.test('{place} 에서 만나요')).toBe(true);
    expect(SPACED.test('${…} 를 입력해주세요.')).toBe(true);
    expect(SPACED.test('{name}님 과의 채팅')).toBe(true);
    expect(SPACED.test('{name}님 과 함께')).toBe(true);
    expect(SPACED.test('{n} 이상')).toBe(false);
    expect(SPACED.test('{place}에서 만나요')).toBe(false);
    expect(HAND_PICKED.test('{name}을 차단했어요.')).toBe(true);
    expect(HAND_PICKED.test('{time}(으)로 바뀌었어요')).toBe(true);
    expect(HAND_PICKED.test('{place}에서 만나요')).toBe(false);
    expect(HAND_PICKED.test('{name}님을 차단했어요.')).toBe(false);
  });
});

describe('no Korean literal outside the catalogue (issue #29 item 4)', () => {
  const outside = files.filter((f) => !isCatalogue(f) && !isTest(f) && !(f in NOT_CATALOGUE));

  it('in src/, server/ and common/, tests, legal texts and data excepted', () => {
    const found = outside
      .flatMap(literalsOf)
      .filter((l) => HANGUL.test(l.text) && !JOSA_PAIR.test(l.text) && !SPEC_QUOTED.includes(l.text))
      .map(where);
    expect(found).toEqual([]);
  });

  it('puts no space before a particle in any template', () => {
    const found = files
      .filter((f) => !isTest(f))
      .flatMap(literalsOf)
      .filter((l) => l.pieces.length > 1 && l.pieces.slice(1).some((p) => new RegExp(`^\\s+${PARTICLE}(?![\\uAC00-\\uD7A3])`).test(p)))
      .map(where);
    expect(found).toEqual([]);
  });

  it('lists only files that exist and still hold Korean', () => {
    const stale = Object.keys(NOT_CATALOGUE).filter(
      (f) => !files.includes(f) || !literalsOf(f).some((l) => HANGUL.test(l.text)),
    );
    expect(stale).toEqual([]);
  });
});
