/**
 * axe-core scans for the accessibility spec (issue #14): WCAG 2.0/2.1 A and AA rules, collected
 * per page so one run reports everything; only `serious` and `critical` findings fail the spec,
 * `moderate` / `minor` ones are listed in the table for information.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The same plus WCAG 2.2 A/AA (target size, focus not obscured…): the phone checks of issue #31 item 5. */
export const WCAG22_TAGS = [...WCAG_TAGS, 'wcag22a', 'wcag22aa'];
const FAILING = new Set(['serious', 'critical']);

/** Whether a finding fails the spec (serious or critical). */
export const isFailing = (f: Finding): boolean => FAILING.has(f.impact);

export interface Finding {
  /** Where: "set-up member · 360 · /schedule (일정 추가 dialog)". */
  where: string;
  rule: string;
  impact: string;
  help: string;
  /** How many elements on that page break the rule. */
  nodes: number;
  /** The first few CSS targets. */
  targets: string[];
}

/** Runs axe (by default with WCAG_TAGS) on the page as it is now and answers its violations (every impact). */
export async function scan(page: Page, where: string, tags: readonly string[] = WCAG_TAGS): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).withTags([...tags]).analyze();
  return result.violations.map((v) => ({
    where,
    rule: v.id,
    impact: v.impact ?? '',
    help: v.help,
    nodes: v.nodes.length,
    targets: v.nodes.slice(0, 3).map((n) => n.target.map(String).join(' ')),
  }));
}

/** "rule (impact) ×n — help: target, target" lines for a failure message. */
export function describeFindings(findings: Finding[]): string {
  return findings
    .map((f) => `[${f.where}] ${f.rule} (${f.impact}) ×${f.nodes} — ${f.help}: ${f.targets.join(' | ')}`)
    .join('\n');
}

/** A table of counts per rule (pages where it fired, elements in all) for the CI log. */
export function summaryTable(title: string, findings: Finding[], scans: number, tags: readonly string[] = WCAG_TAGS): string {
  const byRule = new Map<string, { impact: string; pages: number; nodes: number }>();
  for (const f of findings) {
    const row = byRule.get(f.rule) ?? { impact: f.impact, pages: 0, nodes: 0 };
    row.pages += 1;
    row.nodes += f.nodes;
    byRule.set(f.rule, row);
  }
  const rows = [...byRule.entries()].sort((a, b) => Number(FAILING.has(b[1].impact)) - Number(FAILING.has(a[1].impact)) || b[1].nodes - a[1].nodes);
  const total = rows.filter(([, r]) => FAILING.has(r.impact)).reduce((sum, [, r]) => sum + r.nodes, 0);
  const lines = [
    `axe (${tags.join(', ')}) — ${title}: ${scans} scans, ${total} serious/critical elements (moderate/minor listed, not failing)`,
    `${'rule'.padEnd(32)} ${'impact'.padEnd(9)} ${'pages'.padStart(5)} ${'nodes'.padStart(6)}`,
    ...rows.map(([rule, r]) => `${rule.padEnd(32)} ${r.impact.padEnd(9)} ${String(r.pages).padStart(5)} ${String(r.nodes).padStart(6)}`),
  ];
  if (rows.length === 0) lines.push('(none)');
  return lines.join('\n');
}
