import { defineProject } from 'vitest/config';
import { testFilesByIsolation } from '../../tests/vitest-isolation.ts';
import { engineProjectBase } from './vitest.project-base.ts';

// Engine tests that mock modules or change the environment: a fresh module graph per file (tests/vitest-isolation.ts).
export default defineProject({
  ...engineProjectBase,
  test: {
    ...engineProjectBase.test,
    name: 'engine-isolated',
    include: testFilesByIsolation(import.meta.dirname, ['src']).isolated,
  },
});
