import { defineProject } from 'vitest/config';
import { testFilesByIsolation } from '../../tests/vitest-isolation.ts';
import { engineProjectBase } from './vitest.project-base.ts';

// Engine tests that leave no shared state behind: one module graph per worker (tests/vitest-isolation.ts).
export default defineProject({
  ...engineProjectBase,
  test: {
    ...engineProjectBase.test,
    name: 'engine',
    include: testFilesByIsolation(import.meta.dirname, ['src']).shared,
    isolate: false,
  },
});
