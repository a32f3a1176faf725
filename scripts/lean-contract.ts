/**
 * The API contract as the production client needs it (issue #33 item 1): a Vite plugin for the
 * client build only (`apply: 'build'`; development and tests keep the full contract, whose answer
 * schemas src/lib/answer-check.ts checks).
 *
 * The client calls operations of common/api/<area>.ts (`call(op, …)`, src/lib/api-client.ts), and
 * in production reads only an operation's `method`, `path`, `auth` and which statuses it answers
 * (`responses`: a JSON answer or a non-JSON `content` one). Importing an area module also built all
 * of its TypeBox schemas at load time, so every first view downloaded and ran the TypeBox `Type`
 * builder (about 45 kB minified, 14 kB brotli) for nothing. This transform, on common/api/*.ts and
 * common/domain/*.ts:
 *
 * - rewrites each `defineOperation({…})` to `{ method, path, auth, consumes, paged, rateLimited,
 *   responses }` with each response as `{}` (JSON) or `{ content: 0 }` (non-JSON; see
 *   `responseKinds`), dropping the request schemas, the English texts, the tags and the error codes;
 * - marks every call in a top-level `const` initializer `/* @__PURE__ *\/`, so that a schema no
 *   kept code reads is dropped by tree-shaking (a form that validates with a contract schema still
 *   imports it, and gets it whole).
 *
 * An operation whose shape it cannot read (a spread, a computed key, a response it cannot classify)
 * fails the build with the file and the operation's name, rather than shipping a wrong operation.
 * scripts/lean-contract.test.ts checks every operation's kept fields against the real record.
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The operation fields the production client reads (src/lib/api-client.ts, src/lib/outbox). */
const KEPT = new Set(['method', 'path', 'auth', 'consumes', 'paged', 'rateLimited']);

/** The files transformed: the contract (its areas, operation.ts, the error catalogue) and the domain modules. */
const CONTRACT_FILE = /[\\/]common[\\/]((api|domain)[\\/][^\\/]+|errors)\.ts$/;

/** TypeBox's own modules. */
const TYPEBOX_FILE = /[\\/]node_modules[\\/]typebox[\\/]/;

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
  const markPure = (node: ts.Node) => {
    // Calls inside a function run when it is called, not at load: left as written.
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return;
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && !inOperation(node)) edits.push([node.getStart(source), node.getStart(source), '/* @__PURE__ */ ']);
    ts.forEachChild(node, markPure);
  };
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
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of statement.declarationList.declarations) if (d.initializer) markPure(d.initializer);
  }
  edits.sort((a, b) => b[0] - a[0]);
  let out = code;
  for (const [start, end, text] of edits) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/** The Vite plugin (client production build only; see the file comment). */
export function leanContractPlugin(): Plugin {
  return {
    name: 'bapsang:lean-contract',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      // TypeBox's modules only declare (its format registry fills itself in the module that reads
      // it): one whose exports nothing uses can go, so a lean module's leftover
      // `import { Type } from 'typebox'` does not load the builder for nothing.
      if (TYPEBOX_FILE.test(file)) return { code, map: null, moduleSideEffects: false };
      if (!CONTRACT_FILE.test(file)) return null;
      return { code: leanContract(code, file), map: null };
    },
  };
}
