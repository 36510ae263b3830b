import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project may add its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'packages/engine/vitest.isolated.config.ts',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
      'tests',
    ],
    // Vitest's default is one worker fewer than the cores: a single worker on this 2-core machine, while most
    // engine tests wait on child processes (qpdf, Ghostscript, LibreOffice) and MuPDF threads. See decision 060.
    maxWorkers: 2,
    reporters: ['default', './tests/slowest-files-reporter.ts'],
  },
});
