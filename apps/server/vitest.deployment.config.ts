import { defineConfig } from 'vitest/config';

/**
 * `npm run test:deployment`: the built app as it is deployed. PostgreSQL, Redis, two server processes and HAProxy on
 * loopback ports (deploy/haproxy), and the Docker image's read-only root. Apart from the unit run, which it would
 * slow by half a minute, and needing the built website: `npm test` runs it after the unit tests.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'deployment',
    root: import.meta.dirname,
    include: ['src/cluster.test.ts', 'src/read-only-root.test.ts'],
    environment: 'node',
    reporters: ['default', '../../tests/slowest-files-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    globalSetup: ['../../packages/engine/src/testing/vitest-global-setup.ts'],
  },
});
