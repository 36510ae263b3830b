import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'mupdf-jobs',
    environment: 'node',
    // The server's runners, compared with the jobs here, render in the engine's MuPDF worker (docs/decisions/060).
    globalSetup: ['../engine/src/testing/vitest-global-setup.ts'],
    testTimeout: 30_000,
  },
});
