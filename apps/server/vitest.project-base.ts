import { configDefaults, type UserWorkspaceConfig } from 'vitest/config';

/** What both server test projects share (vitest.config.ts, vitest.isolated.config.ts). */
export const serverProjectBase = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    environment: 'node',
    // Their own command, `npm run test:deployment` (vitest.deployment.config.ts): they start services and server
    // processes from the built app.
    exclude: [...configDefaults.exclude, 'src/cluster.test.ts', 'src/read-only-root.test.ts'],
    // Real engines behind the API on 2 shared cores: a job can take several seconds under load.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The engine's MuPDF worker built once for every test process (docs/decisions/060).
    globalSetup: ['../../packages/engine/src/testing/vitest-global-setup.ts'],
  },
} satisfies UserWorkspaceConfig;
