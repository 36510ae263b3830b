import { defineProject } from 'vitest/config';
import { webProjectBase } from './vitest.project-base.ts';
import { testFilesByIsolation } from '../../tests/vitest-isolation.ts';

// Web tests that leave no shared state behind: one module graph and one jsdom per worker (tests/vitest-isolation.ts).
export default defineProject({
  ...webProjectBase,
  test: {
    ...webProjectBase.test,
    name: 'web',
    include: testFilesByIsolation(import.meta.dirname, ['app']).shared,
    isolate: false,
  },
});
