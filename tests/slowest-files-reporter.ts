import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the ten test files that took longest after a run, with their project and test count: where the unit
 * test time goes. Time is the file's own (import, setup and its tests and hooks), as Vitest measures it.
 * With PAPERKNIFE_TEST_TIMES_DIR set (`npm test` sets it), also writes every file's time there, for the table of
 * all suites that `npm test` prints at its end.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      const ms =
        diagnostic.environmentSetupDuration +
        diagnostic.prepareDuration +
        diagnostic.collectDuration +
        diagnostic.setupDuration +
        diagnostic.duration;
      const tests = [...module.children.allTests()].length;
      return { file: relative(process.cwd(), module.moduleId), project: module.project.name, ms, tests };
    });
    if (files.length === 0) return;
    const timesDir = process.env['PAPERKNIFE_TEST_TIMES_DIR'];
    if (timesDir) writeFileSync(join(timesDir, `vitest-${process.pid}.json`), JSON.stringify(files));
    const slowest = files.sort((a, b) => b.ms - a.ms).slice(0, 10);
    const lines = slowest.map(
      ({ file, project, ms, tests }) =>
        `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${String(tests).padStart(3)} tests  ${project.padEnd(8)} ${file}`,
    );
    console.log(['', 'Slowest test files:', ...lines].join('\n'));
  }
}
