/**
 * A line-based summary after the `list` reporter: one line per test that did not pass (with the
 * first line of its error) and one closing line with the counts, easy to grep in CI logs.
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed: string[] = [];
  private flaky = 0;
  private skipped = 0;

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return; // will be retried
    const outcome = test.outcome();
    if (outcome === 'skipped') this.skipped += 1;
    else if (outcome === 'flaky') this.flaky += 1;
    else if (outcome === 'expected') this.passed += 1;
    else {
      const first = (result.error?.message ?? result.status).split('\n').find((l) => l.trim()) ?? result.status;
      // eslint-disable-next-line no-control-regex
      const plain = first.replace(/\u001b\[[0-9;]*m/g, '').trim();
      this.failed.push(`e2e FAIL ${test.titlePath().filter(Boolean).slice(1).join(' › ')} — ${plain}`);
    }
  }

  onEnd(result: FullResult): void {
    if (this.passed + this.failed.length + this.flaky + this.skipped === 0 && result.status === 'passed') return; // --list
    for (const line of this.failed) console.log(line);
    const seconds = Math.round(result.duration / 1000);
    console.log(
      `e2e ${result.status.toUpperCase()}: ${this.passed} passed, ${this.failed.length} failed, ${this.flaky} flaky, ${this.skipped} skipped in ${seconds} s`,
    );
  }
}
