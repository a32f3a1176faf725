/**
 * Redocly lint (the pinned `@redocly/cli`, run as a child process with the repository's
 * `redocly.yaml`) for the OpenAPI and AsyncAPI tests (issue #20 item 5).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const redocly = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
const run = promisify(execFile);

/** One problem of Redocly's JSON report. */
export interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

/** Lints `file` (OpenAPI or AsyncAPI) with the repository's redocly.yaml; answers the problems found. */
export async function redoclyLint(file: string): Promise<RedoclyProblem[]> {
  const args = [redocly, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'];
  // Exit code 1 means "errors found": the JSON report is on stdout either way.
  const { stdout } = await run(process.execPath, args, { cwd: root, maxBuffer: 64 * 1024 * 1024 }).catch((err: { stdout?: string; stderr?: string }) => {
    if (!err.stdout) throw new Error(`redocly lint failed: ${err.stderr ?? String(err)}`);
    return { stdout: err.stdout };
  });
  return (JSON.parse(stdout.slice(stdout.indexOf('{'))) as { problems: RedoclyProblem[] }).problems;
}

/** `ruleId pointer: message` of each problem. */
export const describeProblem = (p: RedoclyProblem): string => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`;
