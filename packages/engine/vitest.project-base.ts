import type { UserWorkspaceConfig } from 'vitest/config';

/** What both engine test projects share (vitest.config.ts, vitest.isolated.config.ts). */
export const engineProjectBase = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    environment: 'node',
    // Real engines on 2 shared cores: a LibreOffice restart or a render can take several seconds under load.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The MuPDF worker built once for every test process (docs/decisions/060).
    globalSetup: ['src/testing/vitest-global-setup.ts'],
  },
} satisfies UserWorkspaceConfig;
