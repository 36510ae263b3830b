import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  // These tests parse every source file of the repo: seconds of CPU, more when the machine is shared.
  test: { name: 'repo', environment: 'node', testTimeout: 30_000 },
});
