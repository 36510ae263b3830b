import { defineConfig } from 'vitest/config';

/**
 * `npm run test:site`: checks of the built website's HTML files (site/), every page in every language, that need
 * neither a browser nor the server. They need the built site, so they are not in the unit run: `npm test` runs them
 * beside the browser tests (docs/decisions/064).
 */
export default defineConfig({
  test: {
    name: 'site',
    root: import.meta.dirname,
    include: ['site/**/*.test.ts'],
    environment: 'node',
    // Every page of a language in one test: seconds each on a loaded machine.
    testTimeout: 60_000,
    reporters: ['default', '../tests/slowest-files-reporter.ts'],
  },
});
