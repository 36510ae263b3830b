import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    // Its own command, `npm run test:cluster` (vitest.cluster.config.ts): it starts services and server processes.
    exclude: [...configDefaults.exclude, 'src/cluster.test.ts'],
    // Real engines behind the API on 2 shared cores: a job can take several seconds under load.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The engine's MuPDF worker built once for every test process (docs/decisions/060).
    globalSetup: ['../../packages/engine/src/testing/vitest-global-setup.ts'],
  },
});
