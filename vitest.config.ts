import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project may add its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web', 'tests'],
  },
});
