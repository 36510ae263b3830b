import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * Prints the ten test files that took longest after a run, with their project and test count: where the unit
 * test time goes. Time is the file's own (import, setup and its tests and hooks), as Vitest measures it.
 * With PAPERKNIFE_TEST_TIMES_DIR set (`npm test` sets it), also writes every file's time and failed tests there, for
 * the tables of all suites that `npm test` prints at its end (where a log cut to its tail still shows what failed).
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      const ms =
        diagnostic.environmentSetupDuration +
        diagnostic.prepareDuration +
        diagnostic.collectDuration +
        diagnostic.setupDuration +
        diagnostic.duration;
      const all = [...module.children.allTests()];
      const failed = [
        ...module.errors().map((error) => ({ name: '(the file itself)', error: error.message })),
        ...all.flatMap((test) => {
          const result = test.result();
          return result.state === 'failed' ? [{ name: test.fullName, error: result.errors?.[0]?.message ?? '' }] : [];
        }),
      ];
      const file = relative(process.cwd(), module.moduleId);
      return { file, project: module.project.name, ms, tests: all.length, failed };
    });
    if (files.length === 0) return;
    const timesDir = process.env['PAPERKNIFE_TEST_TIMES_DIR'];
    // Errors outside any test (an unhandled rejection) fail the run too: listed under a file of their own.
    const unhandled = unhandledErrors.map((error) => ({ name: 'unhandled error', error: error.message }));
    const entries = unhandled.length
      ? [...files, { file: '(no file)', project: '-', ms: 0, tests: 0, failed: unhandled }]
      : files;
    if (timesDir) writeFileSync(join(timesDir, `vitest-${process.pid}.json`), JSON.stringify(entries));
    const slowest = files.sort((a, b) => b.ms - a.ms).slice(0, 10);
    const lines = slowest.map(
      ({ file, project, ms, tests }) =>
        `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${String(tests).padStart(3)} tests  ${project.padEnd(8)} ${file}`,
    );
    console.log(['', 'Slowest test files:', ...lines].join('\n'));
  }
}
