import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    // Real engines behind the API on 2 shared cores: a job can take several seconds under load.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The engine's MuPDF worker built once for every test process (docs/decisions/060).
    globalSetup: ['../../packages/engine/src/testing/vitest-global-setup.ts'],
  },
});
