import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'engine',
    environment: 'node',
    // Real engines on 2 shared cores: a LibreOffice restart or a render can take several seconds under load.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The MuPDF worker built once for every test process (docs/decisions/060).
    globalSetup: ['src/testing/vitest-global-setup.ts'],
  },
});
