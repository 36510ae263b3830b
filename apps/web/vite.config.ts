import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { deviceDownload } from './device-download.build.ts';
import { islandsEntry } from './islands-entry.build.ts';
import { compiledMessages } from './messages.build.ts';
import { prebuiltData } from './prebuilt-data.build.ts';
import { publicSiteConfig } from './site-config.build.ts';

// Workspace packages are used from their TypeScript sources.
const serverConditions = ['source', 'module', 'node', 'import', 'default'];

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    islandsEntry(),
    prebuiltData(serverConditions),
    compiledMessages(),
    deviceDownload(),
  ],
  // `~/` is apps/web/app (tsconfig.json's paths).
  resolve: { conditions: ['source', 'module', 'browser', 'import', 'default'], tsconfigPaths: true },
  ssr: { resolve: { conditions: serverConditions } },
  // No preload helper for lazy chunks: they load when used, not with the page (docs/decisions/070).
  build: {
    modulePreload: false,
    // React in a chunk of its own: left to itself the bundler puts it together with React Router, which the
    // "Try it now" island of pages without the app (decision 073) would then download for nothing.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
  // Module workers (both are started with `type: 'module'`): mupdf.js awaits its wasm at the top level, and the
  // MuPDF worker loads it as a chunk of its own.
  worker: { format: 'es' },
  define: { __SITE_CONFIG__: JSON.stringify(publicSiteConfig()) },
  server: { proxy: { '/functions': 'http://127.0.0.1:3000', '/api': 'http://127.0.0.1:3000' } },
});
