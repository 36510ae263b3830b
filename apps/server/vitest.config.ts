import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  // Real engines behind the API on 2 shared cores: a job can take several seconds under load.
  test: { name: 'server', environment: 'node', testTimeout: 30_000, hookTimeout: 30_000 },
});
