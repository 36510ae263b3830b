import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';
import { cachedBrotli } from './brotli-cache.build.ts';

const require = createRequire(import.meta.url);
const brotliSize = (bytes: Uint8Array | string) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * The qpdf module's brotli size. Compressing 1.3 MB at quality 11 takes seconds, so the answer is kept in
 * node_modules/.cache until the package changes.
 */
function wasmBytes(): number {
  const wasm = require.resolve('@neslinesli93/qpdf-wasm/dist/qpdf.wasm');
  const key = `${wasm}:${statSync(wasm).size}:${statSync(wasm).mtimeMs}`;
  const cacheFile = join(
    dirname(require.resolve('@neslinesli93/qpdf-wasm/package.json')),
    '../../.cache/paperknife-qpdf-wasm.json',
  );
  try {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { key: string; bytes: number };
    if (cached.key === key) return cached.bytes;
  } catch {
    // not measured yet
  }
  const bytes = brotliSize(readFileSync(wasm));
  mkdirSync(dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, JSON.stringify({ key, bytes }));
  return bytes;
}

/** A worker's scripts as the build makes them (minified, with the engine's loader and the job code), brotli. */
async function workerBytes(worker = 'qpdf-worker.ts'): Promise<number> {
  const bundle = await rolldown({
    input: fileURLToPath(new URL(`./app/features/tools/device/${worker}`, import.meta.url)),
    platform: 'browser',
    resolve: {
      conditionNames: ['source', 'module', 'browser', 'import', 'default'],
      tsconfigFilename: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
    },
    // The wasm's URL is a string here; Node built-ins are what the loader's Node branch names, left out in browsers.
    external: [/\?url$/, 'fs', 'path', 'crypto', 'node:fs'],
    logLevel: 'silent',
  });
  const { output } = await bundle.generate({ format: 'es', minify: true });
  await bundle.close();
  return brotliSize(output.map((part) => ('code' in part ? part.code : '')).join(''));
}

let measured: Promise<number> | undefined;
let measuredMupdf: Promise<number> | undefined;

/** mupdf.js's wasm, brotli, compressed once by the cache the build's precompression shares. */
const mupdfWasmBytes = async () =>
  (await cachedBrotli(readFileSync(require.resolve('mupdf').replace(/mupdf\.js$/, 'mupdf-wasm.wasm')))).length;

/**
 * What choosing "On this device" downloads once: the qpdf worker's script and the wasm, brotli-compressed at the
 * quality the build's precompression uses (react-router.config.ts), so the size a tool page shows is the size sent.
 * Defines `__DEVICE_DOWNLOAD_BYTES__`, and `__MUPDF_DOWNLOAD_BYTES__` for the MuPDF tools' worker and mupdf.js's
 * wasm (decision 211). Tests (`worker: false`) count the wasms alone, sparing the workers' builds.
 */
export function deviceDownload({ worker = true }: { worker?: boolean } = {}): Plugin {
  return {
    name: 'paperknife-device-download',
    async config() {
      measured ??= (async () => wasmBytes() + (worker ? await workerBytes() : 0))();
      measuredMupdf ??= (async () => (await mupdfWasmBytes()) + (worker ? await workerBytes('mupdf-worker.ts') : 0))();
      return {
        define: {
          __DEVICE_DOWNLOAD_BYTES__: JSON.stringify(await measured),
          __MUPDF_DOWNLOAD_BYTES__: JSON.stringify(await measuredMupdf),
        },
      };
    },
  };
}
