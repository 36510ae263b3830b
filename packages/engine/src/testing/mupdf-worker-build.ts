import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, build } from 'esbuild';

/**
 * Builds the MuPDF worker and its tasks from the TypeScript sources into plain JavaScript, for test runs: a worker
 * started from the sources registers the tsx loader in its thread and compiles every module again, a second or
 * more per worker start on 2 shared cores, and the pool starts many. See docs/decisions/060.
 */

const mupdfSources = fileURLToPath(new URL('../mupdf/', import.meta.url));
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
 * Bundles `mupdf/worker.ts` and every `mupdf/tasks/*.ts` into a new folder with the same layout (`worker.js`,
 * `tasks/<task>.js`, shared chunks) and returns the worker's path; the caller removes the folder.
 */
export async function buildMupdfWorker(): Promise<{ worker: string; folder: string }> {
  await mkdir(buildRoot, { recursive: true });
  const folder = await mkdtemp(join(buildRoot, 'build-'));
  const tasks = (await readdir(join(mupdfSources, 'tasks'))).filter((name) => name.endsWith('.ts'));
  await build({
    entryPoints: [join(mupdfSources, 'worker.ts'), ...tasks.map((name) => join(mupdfSources, 'tasks', name))],
    outbase: mupdfSources,
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
  return { worker: join(folder, 'worker.js'), folder };
}
