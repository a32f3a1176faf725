/**
 * Issue #28 item 8: one owner for the meal. Only the meals module (server/modules/meals/) writes the
 * meal's tables — schedules, match requests and their member rows (seats, statuses, attendance, reminders' claims,
 * cancellations); account deletion, blocks, moderation and reviews call its service. This reads
 * every server source file (tests and test support aside) and fails on any other writer: a Drizzle
 * `.insert/.update/.delete` of those tables (also through a variable holding them) or a raw SQL
 * INSERT, UPDATE or DELETE naming them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const OWNER = 'server/modules/meals/';
/** The meal's tables: their Drizzle names and SQL names. */
const TABLES = [
  { drizzle: 'schedules', sql: 'schedules' },
  { drizzle: 'matchRequests', sql: 'match_requests' },
  // Issue #28 item 8: one row per member per match.
  { drizzle: 'matchMembers', sql: 'match_members' },
];

/** Every non-test TypeScript file under `dir`, relative to the root. */
function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) return rel === 'server/test' ? [] : sources(rel);
    return rel.endsWith('.ts') && !rel.endsWith('.test.ts') ? [rel] : [];
  });
}

/** The writes of the meal's tables in `text`, as "what (line)". */
function writesIn(text: string, tables = TABLES): string[] {
  const found: string[] = [];
  const lines = text.split('\n');
  const generic = /\.(update|insert|delete)\(\s*table\s*\)/.test(text);
  lines.forEach((line, i) => {
    for (const t of tables) {
      if (new RegExp(`\\.(insert|update|delete)\\(\\s*${t.drizzle}\\s*\\)`).test(line)) found.push(`${t.drizzle} (line ${i + 1})`);
      if (new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?${t.sql}"?\\b`, 'i').test(line)) found.push(`${t.sql} in SQL (line ${i + 1})`);
    }
    // A meal table put in a map whose tables are written generically (`.update(table)`), e.g. moderation's hideable content.
    if (generic && tables.some((t) => new RegExp(`^\\s*\\w+:\\s*${t.drizzle}\\s*,?\\s*$`).test(line))) found.push(`a table map holding it, written as \`table\` (line ${i + 1})`);
  });
  return found;
}

/**
 * Issue #30: the chat module owns the table chat's tables (members, messages, read positions and
 * mutes); the meals module seats and unseats members through the functions of
 * server/modules/chat/public.ts, which the chat module owns.
 */
const CHAT_OWNER = 'server/modules/chat/';
const CHAT_TABLES = [
  { drizzle: 'tableMembers', sql: 'table_members' },
  { drizzle: 'tableMessages', sql: 'table_messages' },
  { drizzle: 'chatStates', sql: 'chat_states' },
];

describe('one writer of the meal (issue #28 item 8)', () => {
  it('no server file outside server/modules/meals/ writes schedules, match_requests or match_members', () => {
    const offenders = sources('server')
      .filter((file) => !file.startsWith(OWNER))
      .flatMap((file) => writesIn(readFileSync(path.join(ROOT, file), 'utf8')).map((w) => `${file}: ${w}`));
    expect(offenders).toEqual([]);
  });

  it('the check finds a write when there is one (so the test above can fail)', () => {
    expect(writesIn("await tx.update(matchRequests).set({ status: 'CANCELLED' })")).toHaveLength(1);
    expect(writesIn('await db.insert(schedules).values(row)')).toHaveLength(1);
    expect(writesIn("sql`update match_requests set status = 'CANCELLED'`")).toHaveLength(1);
    expect(writesIn('const HIDEABLE = {\n  schedule: schedules,\n};\nawait db.update(table).set({ hiddenAt: at })')).toHaveLength(1);
    expect(writesIn('await db.select().from(matchRequests)')).toEqual([]);
  });

  it('the meals module does write them (the scan reads the right files)', () => {
    const owned = sources(OWNER.slice(0, -1)).flatMap((file) => writesIn(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(owned.length).toBeGreaterThan(5);
  });
});

describe('one writer of the table chat (issue #30)', () => {
  it('no server file outside server/modules/chat/ writes table_members, table_messages or chat_states', () => {
    const offenders = sources('server')
      .filter((file) => !file.startsWith(CHAT_OWNER))
      .flatMap((file) => writesIn(readFileSync(path.join(ROOT, file), 'utf8'), CHAT_TABLES).map((w) => `${file}: ${w}`));
    expect(offenders).toEqual([]);
  });

  it('the chat module does write them', () => {
    const owned = sources(CHAT_OWNER.slice(0, -1)).flatMap((file) => writesIn(readFileSync(path.join(ROOT, file), 'utf8'), CHAT_TABLES));
    expect(owned.length).toBeGreaterThan(3);
    expect(writesIn('await tx.insert(tableMessages).values(row)', CHAT_TABLES)).toHaveLength(1);
  });
});
