import { defineProject } from 'vitest/config';
import { webProjectBase } from './vitest.project-base.ts';
import { testFilesByIsolation } from '../../tests/vitest-isolation.ts';

// Web tests that mock modules or change globals: a fresh module graph and jsdom per file (tests/vitest-isolation.ts).
export default defineProject({
  ...webProjectBase,
  test: {
    ...webProjectBase.test,
    name: 'web-isolated',
    include: testFilesByIsolation(import.meta.dirname, ['app']).isolated,
  },
});
