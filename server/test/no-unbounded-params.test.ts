/**
 * Issue #19 item 2: no statement with an unbounded list of bound parameters. PostgreSQL refuses
 * more than 65,535 parameters (the board died at 100k posts this way), and long lists are slow
 * long before that. Every `inArray(` / `notInArray(` in server code must take a subquery or a list
 * that is provably small: a `// bounded: <why>` comment on the same or the previous line says why,
 * or the call is listed in REVIEWED below (files owned by other modules, with the reason).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** Calls reviewed in place of a comment: [file relative to server/, a piece of the line, why it is bounded]. */
const REVIEWED: Array<[string, string, string]> = [
  ['modules/meals/schedules/service.ts', "inArray(matchRequests.status, ['ACCEPTED', 'CONFIRMED'])", 'a literal list of two statuses'],
  ['modules/meals/matches/service.ts', "inArray(matchRequests.status, ['ACCEPTED', 'CONFIRMED'])", 'a literal list of two statuses'],
  ['modules/meals/matches/service.ts', "inArray(matchRequests.status, ['PENDING', 'ACCEPTED', 'CONFIRMED'])", 'a literal list of three statuses'],
  ['modules/venues/service.ts', 'inArray(venues.id, DEMO_VENUES.map(', 'the fixed demo venues (a constant)'],
  ['modules/notifications/service.ts', 'inArray(notifications.id, body.ids!)', 'body.ids is limited by the request schema (maxItems)'],
  ['plugins/push.ts', 'inArray(pushTokens.token, dead)', "dead tokens of one member's devices found in one send"],
];

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : serverFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** Every `inArray(` call in server code (not tests) that neither has a `bounded:` comment nor is REVIEWED. */
export function unboundedCalls(files: Array<{ file: string; text: string }>, reviewed = REVIEWED): { unbounded: string[]; unusedReviews: string[] } {
  const unbounded: string[] = [];
  const used = new Set<number>();
  for (const { file, text } of files) {
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (!/\b(?:not)?inArray\(/i.test(line) || /^\s*(\/\/|\*|\/\*)/.test(line) || /^\s*import\b/.test(line)) return;
      if (/\/\/\s*bounded:\s*\S/.test(line) || /\/\/\s*bounded:\s*\S/.test(lines[i - 1] ?? '')) return;
      const review = reviewed.findIndex(([f, piece]) => f === file && line.includes(piece));
      if (review >= 0) {
        used.add(review);
        return;
      }
      unbounded.push(`server/${file}:${i + 1}: ${line.trim()}`);
    });
  }
  const unusedReviews = reviewed.filter((_, i) => !used.has(i)).map(([f, piece]) => `${f}: ${piece}`);
  return { unbounded, unusedReviews };
}

describe('no unbounded parameter lists (issue #19)', () => {
  it('every inArray( in server code is a subquery or provably bounded', () => {
    const files = serverFiles(ROOT).map((path) => ({ file: relative(ROOT, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(20);
    const { unbounded, unusedReviews } = unboundedCalls(files);
    expect(unbounded, 'add `// bounded: <why>` above the call, or read through a subquery').toEqual([]);
    // A reviewed call that no longer exists is removed from REVIEWED (so the list cannot hide a new call).
    expect(unusedReviews).toEqual([]);
  });

  it('catches an unannotated call and accepts an annotated one (the check itself can fail)', () => {
    const bad = { file: 'modules/x/service.ts', text: "const rows = await db.select().from(t).where(inArray(t.id, ids));\n" };
    const good = { file: 'modules/x/service.ts', text: '// bounded: at most 50 (sliced)\nconst rows = await db.select().from(t).where(inArray(t.id, ids));\n' };
    const same = { file: 'modules/x/service.ts', text: 'x.where(inArray(t.id, ids)); // bounded: one page\n' };
    const comment = { file: 'modules/x/service.ts', text: ' * never use inArray(t.id, ids) on user input\n' };
    expect(unboundedCalls([bad], []).unbounded).toHaveLength(1);
    expect(unboundedCalls([good, same, comment], []).unbounded).toEqual([]);
    expect(unboundedCalls([bad], [['modules/y/service.ts', 'inArray(t.id, ids)', 'x']]).unusedReviews).toHaveLength(1);
  });
});
