import { defineProject } from 'vitest/config';
import { testFilesByIsolation } from '../../tests/vitest-isolation.ts';
import { serverProjectBase } from './vitest.project-base.ts';

// Server tests that leave no shared state behind: one module graph per worker (tests/vitest-isolation.ts).
export default defineProject({
  ...serverProjectBase,
  test: {
    ...serverProjectBase.test,
    name: 'server',
    include: testFilesByIsolation(import.meta.dirname, ['src']).shared,
    isolate: false,
  },
});
