import { defineProject } from 'vitest/config';
import { webProjectBase } from './vitest.project-base.ts';
import { webTestFiles } from './vitest.isolation.ts';

// Web tests that leave no shared state behind: one module graph and one jsdom per worker (vitest.isolation.ts).
export default defineProject({
  ...webProjectBase,
  test: { ...webProjectBase.test, name: 'web', include: webTestFiles().shared, isolate: false },
});
