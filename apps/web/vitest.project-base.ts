import type { UserWorkspaceConfig } from 'vitest/config';
import { deviceDownload } from './device-download.build.ts';
import { compiledMessages } from './messages.build.ts';
import { publicSiteConfig } from './site-config.build.ts';

/** What both web test projects share. Component tests run without the React Router build plugin. */
export const webProjectBase = {
  plugins: [compiledMessages(), deviceDownload({ worker: false })],
  resolve: { conditions: ['source'], tsconfigPaths: true },
  define: { __SITE_CONFIG__: JSON.stringify(publicSiteConfig({})) },
  test: { environment: 'jsdom', setupFiles: ['./app/testing/setup-tests.ts'] },
} satisfies UserWorkspaceConfig;
