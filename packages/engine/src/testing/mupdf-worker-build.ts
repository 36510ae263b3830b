import { mkdir, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, build } from 'esbuild';

/**
 * Builds the MuPDF worker with its tasks from the TypeScript sources into plain JavaScript, for test runs: a worker
 * started from the sources registers the tsx loader in its thread and compiles every module again, a second or
 * more per worker start on 2 shared cores, and the pool starts many. See docs/decisions/060.
 */

const engineSources = fileURLToPath(new URL('../', import.meta.url));
/** Inside node_modules, so the bundle's bare imports (mupdf, docx) resolve to the installed packages. */
const buildRoot = fileURLToPath(new URL('../../../../node_modules/.cache/paperknife-mupdf-worker/', import.meta.url));

/** npm packages stay imports (mupdf is WASM, loaded once per thread); the workspace packages are bundled. */
const installedPackagesExternal: Plugin = {
  name: 'installed-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@paperknife/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundles the worker's entry, `mupdf-worker.ts`, into a new folder: `mupdf-worker.js`, with the tasks it loads
 * after MuPDF (worker-tasks.ts and every family's task modules) in a chunk beside it. Returns the entry's path;
 * the caller removes the folder.
 */
export async function buildMupdfWorker(): Promise<{ worker: string; folder: string }> {
  await mkdir(buildRoot, { recursive: true });
  const folder = await mkdtemp(join(buildRoot, 'build-'));
  await build({
    entryPoints: [join(engineSources, 'mupdf-worker.ts')],
    outbase: engineSources,
    outdir: folder,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: ['source'],
    plugins: [installedPackagesExternal],
    logLevel: 'error',
  });
  return { worker: join(folder, 'mupdf-worker.js'), folder };
}
