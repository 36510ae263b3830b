import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** What `root.tsx` imports to write the islands' script into a page that does not hydrate (decision 073). */
export const ISLANDS_ENTRY_MODULE = 'virtual:paperknife/islands-entry';
const resolvedId = `\0${ISLANDS_ENTRY_MODULE}`;
const islandsSource = fileURLToPath(new URL('./app/islands/main.ts', import.meta.url));

/**
 * Builds `app/islands/main.ts` as an entry of its own beside the React app, and tells the prerender its built
 * path. React Router owns the client build's inputs, so the entry is emitted from this plugin; the client and the
 * server are separate builds here, so the server build reads the client's Vite manifest for the file name.
 */
export function islandsEntry(): Plugin {
  let root = '';
  let base = '/';
  let outDir = '';
  let command: 'build' | 'serve' = 'build';
  return {
    name: 'paperknife-islands-entry',
    configResolved(config) {
      root = config.root;
      base = config.base;
      outDir = config.build.outDir;
      command = config.command;
    },
    buildStart() {
      if (command === 'build' && this.environment.name === 'client') {
        this.emitFile({ type: 'chunk', id: islandsSource, name: 'islands' });
      }
    },
    resolveId(id) {
      return id === ISLANDS_ENTRY_MODULE ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      const sourcePath = relative(root, islandsSource);
      if (command === 'serve') return `export default ${JSON.stringify(`${base}${sourcePath}`)};`;
      // The browser always runs the React app and never renders the islands' script tag.
      if (this.environment.name === 'client') return 'export default "";';
      const manifestPath = join(outDir, '../client/.vite/manifest.json');
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
      const built = manifest[sourcePath];
      if (!built) this.error(`${sourcePath} is not in the client build's manifest (${manifestPath})`);
      return `export default ${JSON.stringify(`${base}${built.file}`)};`;
    },
  };
}
