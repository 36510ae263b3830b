import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: PostgreSQL, Redis, two server processes and HAProxy on loopback ports (deploy/haproxy).
 * Apart from the unit run, which it would slow by half a minute; `npm test` runs it after the unit tests.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['src/cluster.test.ts'],
    environment: 'node',
    reporters: ['default', '../../tests/slowest-files-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    globalSetup: ['../../packages/engine/src/testing/vitest-global-setup.ts'],
  },
});
