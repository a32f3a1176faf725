/**
 * The API contract as the production client needs it (issue #33 item 1): a Vite plugin for the
 * client build only (`apply: 'build'`; development and tests keep the full contract, whose answer
 * schemas src/lib/answer-check.ts checks).
 *
 * The client calls operations of common/api/<area>.ts (`call(op, …)`, src/lib/api-client.ts), and
 * in production reads only an operation's `method`, `path`, `auth` and which statuses it answers
 * (`responses`: a JSON answer or a non-JSON `content` one). Importing an area module also built all
 * of its TypeBox schemas at load time, so every first view downloaded and ran the TypeBox `Type`
 * builder (about 45 kB minified, 14 kB brotli) for nothing. This plugin, on common/api/*.ts,
 * common/domain/*.ts and common/errors.ts:
 *
 * - rewrites each `defineOperation({…})` to `{ method, path, auth, consumes, paged, rateLimited,
 *   responses }` with each response as `{}` (JSON) or `{ content: 0 }` (non-JSON; see `kindOf`),
 *   dropping the request schemas, the English texts, the tags and the error codes, and drops the
 *   then unused `defineOperation` import (operation.ts loads the error catalogue);
 * - builds each top-level `const` made by calls in a `/* @__PURE__ *\/` arrow, so that a schema
 *   no kept code reads is dropped by tree-shaking;
 * - points a client module's imports of contract schemas (a form's `ScheduleCreateBody`) at the
 *   module's whole copy (`?whole`: untransformed, its own contract imports pointing at whole
 *   copies too), so the lean copy the first view loads keeps no schema alive (`schemaImports`).
 *   The two copies are distinct module instances: the client never compares their objects;
 * - marks TypeBox's and es-hangul's modules side-effect free, so a leftover import loads nothing.
 * vite.config.ts gives TypeBox a chunk of its own, which only the whole copies import. A page
 * that imports a schema at first view (bench-size shows a `typebox` chunk) loads it whole.
 *
 * An operation whose shape it cannot read (a spread, a computed key, a response it cannot classify)
 * fails the build with the file and the operation's name, rather than shipping a wrong operation.
 * scripts/lean-contract.test.ts checks every operation's kept fields against the real record.
 */
import { existsSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The operation fields the production client reads (src/lib/api-client.ts, src/lib/outbox). */
const KEPT = new Set(['method', 'path', 'auth', 'consumes', 'paged', 'rateLimited']);

/** The files transformed: the contract (its areas, operation.ts, the error catalogue) and the domain modules. */
const CONTRACT_FILE = /[\\/]common[\\/]((api|domain)[\\/][^\\/]+|errors)\.ts$/;

/** The client's sources, whose imports of contract schemas go to the whole copies. */
const SOURCE_FILE = /[\\/]src[\\/].+\.tsx?$/;

/** TypeBox's modules and es-hangul (the catalogue's particles): their top level only declares and computes tables. */
const PURE_PACKAGE_FILE = /[\\/]node_modules[\\/](typebox|es-hangul)[\\/]/;

/** A response entry's kind: `content` (a non-JSON answer, `ContentResponse`) or `json` (a TypeBox schema). */
export type ResponseKind = 'json' | 'content';

const nameOf = (name: ts.PropertyName, source: ts.SourceFile): string =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : name.getText(source);

/** Whether an object literal is a content response (it has a `content` property). */
const hasContent = (node: ts.Expression): boolean =>
  ts.isObjectLiteralExpression(node) && node.properties.some((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === 'content');

/** What an expression returns when it is an arrow function's body (through parentheses). */
const unwrap = (node: ts.Expression): ts.Expression => (ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node);

/**
 * The kind of one response entry: a `Type.*(…)` call or a schema constant is JSON; an object literal
 * with `content`, a local constant holding one, or a call of a local arrow function returning one is
 * a content response. Anything else throws.
 */
function kindOf(value: ts.Expression, locals: Map<string, ts.Expression>, where: string): ResponseKind {
  const node = unwrap(value);
  if (ts.isObjectLiteralExpression(node)) {
    if (hasContent(node)) return 'content';
    throw new Error(`${where}: an object literal response without \`content\``);
  }
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'Type') return 'json';
    if (ts.isIdentifier(callee)) {
      const fn = locals.get(callee.text);
      if (fn && ts.isArrowFunction(fn) && !ts.isBlock(fn.body) && hasContent(unwrap(fn.body))) return 'content';
    }
    throw new Error(`${where}: cannot tell whether the response ${node.getText()} is JSON or content`);
  }
  if (ts.isIdentifier(node)) {
    const local = locals.get(node.text);
    // An imported schema (e.g. `User` from users.ts) or a local `Type.*` constant.
    if (local === undefined) return 'json';
    return kindOf(local, locals, where);
  }
  if (ts.isPropertyAccessExpression(node)) return 'json';
  throw new Error(`${where}: cannot read the response ${node.getText()}`);
}

/** One `defineOperation({…})` call found in a module: its name, the call, and its rewritten text. */
interface FoundOperation {
  name: string;
  call: ts.CallExpression;
  kept: Record<string, string>;
  responses: Record<string, ResponseKind>;
}

function operationsOf(source: ts.SourceFile, file: string): FoundOperation[] {
  const locals = new Map<string, ts.Expression>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) locals.set(d.name.text, d.initializer);
  }
  const found: FoundOperation[] = [];
  const visit = (node: ts.Node, name: string) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) name = node.name.text;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineOperation') {
      const where = `${file} ${name}`;
      const [spec] = node.arguments;
      if (!spec || !ts.isObjectLiteralExpression(spec)) throw new Error(`${where}: defineOperation takes an object literal`);
      const kept: Record<string, string> = {};
      const responses: Record<string, ResponseKind> = {};
      for (const p of spec.properties) {
        if (ts.isShorthandPropertyAssignment(p)) {
          if (p.name.text === 'responses') throw new Error(`${where}: responses must be an object literal`);
          if (KEPT.has(p.name.text)) kept[p.name.text] = p.name.text;
          continue;
        }
        if (!ts.isPropertyAssignment(p) || ts.isComputedPropertyName(p.name)) throw new Error(`${where}: cannot read ${p.getText(source)}`);
        const key = nameOf(p.name, source);
        if (KEPT.has(key)) kept[key] = p.initializer.getText(source);
        else if (key === 'responses') {
          if (!ts.isObjectLiteralExpression(p.initializer)) throw new Error(`${where}: responses must be an object literal`);
          for (const r of p.initializer.properties) {
            if (!ts.isPropertyAssignment(r) || ts.isComputedPropertyName(r.name)) throw new Error(`${where}: cannot read the response ${r.getText(source)}`);
            responses[nameOf(r.name, source)] = kindOf(r.initializer, locals, where);
          }
        }
      }
      found.push({ name, call: node, kept, responses });
      return;
    }
    ts.forEachChild(node, (child) => visit(child, name));
  };
  visit(source, '');
  return found;
}

/**
 * Every operation of one contract module, as the lean build keeps it: `{ name: { kept fields'
 * source text, responses: status → kind } }`. For scripts/lean-contract.test.ts.
 */
export function leanOperations(code: string, file: string): Record<string, { kept: Record<string, string>; responses: Record<string, ResponseKind> }> {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return Object.fromEntries(operationsOf(source, file).map((op) => [op.name, { kept: op.kept, responses: op.responses }]));
}

/** The module's code with its operations rewritten and its top-level `const` calls marked pure. */
export function leanContract(code: string, file: string): string {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  /** Text edits: [start, end, replacement], applied from the end. */
  const edits: Array<[number, number, string]> = [];
  const operations = operationsOf(source, file);
  const inOperation = (node: ts.Node) => operations.some((op) => node.pos >= op.call.pos && node.end <= op.call.end);
  for (const op of operations) {
    const fields = Object.entries(op.kept).map(([k, v]) => `${k}: ${v}`);
    const responses = Object.entries(op.responses).map(([status, kind]) => `${JSON.stringify(status)}: ${kind === 'content' ? '{ content: 0 }' : '{}'}`);
    edits.push([op.call.getStart(source), op.call.end, `({ ${[...fields, `responses: { ${responses.join(', ')} }`].join(', ')} })`]);
  }
  // `import { defineOperation } from './operation.ts'` is not needed once its calls are rewritten:
  // without it the module no longer loads operation.ts and, through it, the error catalogue.
  for (const statement of source.statements) {
    if (!operations.length || !ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/(^|\/)operation(\.ts)?$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (statement.importClause?.name || !bindings || !ts.isNamedImports(bindings)) continue;
    const values = bindings.elements.filter((e) => !e.isTypeOnly && !statement.importClause?.isTypeOnly);
    if (values.length === 1 && values[0]?.name.text === 'defineOperation') edits.push([statement.getStart(source), statement.end, '']);
  }
  // A top-level constant built by calls (or read from another: `MemberStats.properties`) is built
  // in a pure-marked arrow: unused, it goes whole (a `/* @__PURE__ */` on the call alone would
  // still keep the spreads of its arguments and a property read).
  const hasCall = (node: ts.Node): boolean =>
    ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isSpreadAssignment(node) || ts.isSpreadElement(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || (!ts.isArrowFunction(node) && !ts.isFunctionExpression(node) && (ts.forEachChild(node, hasCall) ?? false));
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of statement.declarationList.declarations) {
      if (!d.initializer || inOperation(d.initializer) || operations.some((op) => op.call.pos >= d.initializer!.pos && op.call.end <= d.initializer!.end)) continue;
      if (!hasCall(d.initializer)) continue;
      edits.push([d.initializer.getStart(source), d.initializer.getStart(source), '/* @__PURE__ */ (() => ('], [d.initializer.end, d.initializer.end, '))()']);
    }
  }
  edits.sort((a, b) => b[0] - a[0]);
  let out = code;
  for (const [start, end, text] of edits) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/** The query that asks for a contract module whole, with its schemas (see `schemaImports`). */
export const WHOLE = 'whole';

/**
 * The names of a contract module's top-level constants that hold schemas or values built from
 * them (initialised by a call other than `defineOperation`, or read from one: `Type.Object(…)`,
 * `literalUnion(…)`, `MemberStats.properties`).
 */
export function schemaNames(code: string, file: string): Set<string> {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || !d.initializer) continue;
      let init = d.initializer;
      while (ts.isParenthesizedExpression(init) || ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
      const operation = ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'defineOperation';
      if (!operation && (ts.isCallExpression(init) || ts.isPropertyAccessExpression(init))) names.add(d.name.text);
    }
  }
  return names;
}

/**
 * An importer's code with each schema it imports from a contract module (`@common/api/<area>`,
 * `@common/domain/<name>`) taken from that module's whole copy (`?whole`) instead: a form that
 * validates with `ScheduleCreateBody` then does not keep the schema, and TypeBox with it, alive in
 * the lean module every first view loads. The whole copy loads with the form that needs it.
 * `schemasOf(specifier)` answers the schema names of the module a specifier names.
 */
export function schemaImports(code: string, file: string, schemasOf: (specifier: string) => Set<string> | null): string {
  if (!code.includes('@common/')) return code;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits: Array<[number, number, string]> = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!/^@common\/(api|domain)\/[\w-]+$/.test(specifier)) continue;
    const clause = statement.importClause;
    const bindings = clause?.namedBindings;
    if (!clause || clause.isTypeOnly || clause.name || !bindings || !ts.isNamedImports(bindings)) continue;
    const schemas = schemasOf(specifier);
    if (!schemas) continue;
    const moved = bindings.elements.filter((e) => !e.isTypeOnly && schemas.has((e.propertyName ?? e.name).text));
    if (moved.length === 0) continue;
    const kept = bindings.elements.filter((e) => !moved.includes(e));
    const text = (list: readonly ts.ImportSpecifier[]) => list.map((e) => e.getText(source)).join(', ');
    const whole = `import { ${text(moved)} } from '${specifier}?${WHOLE}';`;
    edits.push([statement.getStart(source), statement.end, kept.length ? `import { ${text(kept)} } from '${specifier}';\n${whole}` : whole]);
  }
  let out = code;
  for (const [start, end, replacement] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + replacement + out.slice(end);
  return out;
}

/** A whole copy's relative imports of other contract modules, pointed at their whole copies too. */
function wholeImports(code: string): string {
  return code.replace(/(from\s+|import\s+)(['"])(\.{1,2}\/[^'"]+\.ts)\2/g, (_, head: string, quote: string, path: string) => `${head}${quote}${path}?${WHOLE}${quote}`);
}

/** The Vite plugin (client production build only; see the file comment). */
export function leanContractPlugin(root: string): Plugin {
  const cache = new Map<string, Set<string>>();
  const schemasOf = (specifier: string): Set<string> | null => {
    const file = `${root}/common/${specifier.slice('@common/'.length)}.ts`;
    let names = cache.get(file);
    if (!names) {
      if (!existsSync(file)) return null;
      names = schemaNames(readFileSync(file, 'utf8'), file);
      cache.set(file, names);
    }
    return names;
  };
  return {
    name: 'bapsang:lean-contract',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const [file = id, query = ''] = id.split('?');
      // TypeBox's modules only declare (its format registry fills itself in the module that reads
      // it) and es-hangul only computes its tables: a module of theirs whose exports nothing uses
      // can go, so a lean module's leftover `import { Type } from 'typebox'` (or the catalogue's
      // `josa`) loads nothing.
      if (PURE_PACKAGE_FILE.test(file)) return { code, map: null, moduleSideEffects: false };
      if (CONTRACT_FILE.test(file)) return { code: query === WHOLE ? wholeImports(code) : leanContract(code, file), map: null };
      if (SOURCE_FILE.test(file) && !query) {
        const out = schemaImports(code, file, schemasOf);
        return out === code ? null : { code: out, map: null };
      }
      return null;
    },
  };
}
