import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the ten spec files that took longest, summed over their tests, after the run: where test time goes.
 * With PAPERKNIFE_TEST_TIMES_DIR set (`npm test` sets it), also writes every file's time and failed tests there, for
 * the tables of all suites that `npm test` prints at its end.
 */
export default class SlowestFilesReporter implements Reporter {
  private readonly byFile = new Map<string, { ms: number; tests: number; failed: { name: string; error: string }[] }>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = relative(process.cwd(), test.location.file);
    const entry = this.byFile.get(file) ?? { ms: 0, tests: 0, failed: [] };
    entry.ms += result.duration;
    entry.tests += 1;
    // A test that passed on a retry is flaky, not failed; only the last attempt's outcome counts.
    if (test.outcome() === 'unexpected' && result.retry === test.retries) {
      entry.failed.push({ name: test.titlePath().slice(1).join(' > '), error: result.error?.message ?? '' });
    }
    this.byFile.set(file, entry);
  }

  onEnd(result: FullResult): void {
    const timesDir = process.env['PAPERKNIFE_TEST_TIMES_DIR'];
    if (timesDir) {
      const files = [...this.byFile].map(([file, { ms, tests, failed }]) => ({
        file: `e2e/${file}`,
        project: 'browser',
        ms,
        tests,
        failed,
      }));
      writeFileSync(join(timesDir, `playwright-${process.pid}.json`), JSON.stringify(files));
    }
    const slowest = [...this.byFile].sort(([, a], [, b]) => b.ms - a.ms).slice(0, 10);
    console.log(`\nSlowest browser test files (test time summed, wall ${(result.duration / 1000).toFixed(1)} s):`);
    for (const [file, { ms, tests }] of slowest) {
      console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${String(tests).padStart(3)} tests  ${file}`);
    }
  }
}
