import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  // Real engines on 2 shared cores: a LibreOffice restart or a render can take several seconds under load.
  test: { name: 'engine', environment: 'node', testTimeout: 30_000, hookTimeout: 30_000 },
});
