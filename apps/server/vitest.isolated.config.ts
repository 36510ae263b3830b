import { defineProject } from 'vitest/config';
import { testFilesByIsolation } from '../../tests/vitest-isolation.ts';
import { serverProjectBase } from './vitest.project-base.ts';

// Server tests that mock modules or change the environment: a fresh module graph per file (tests/vitest-isolation.ts).
export default defineProject({
  ...serverProjectBase,
  test: {
    ...serverProjectBase.test,
    name: 'server-isolated',
    include: testFilesByIsolation(import.meta.dirname, ['src']).isolated,
  },
});
