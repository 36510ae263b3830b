import { defineProject } from 'vitest/config';

// Component tests run without the React Router build plugin.
export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'web', environment: 'jsdom', include: ['app/**/*.test.{ts,tsx}'], passWithNoTests: true },
});
