import { defineProject } from 'vitest/config';
import { publicSiteConfig } from './site-config.build';

// Component tests run without the React Router build plugin.
export default defineProject({
  resolve: { conditions: ['source'] },
  define: { __SITE_CONFIG__: JSON.stringify(publicSiteConfig({})) },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['./app/testing/setup-tests.ts'],
  },
});
