import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const require = createRequire(import.meta.url);

/**
 * What choosing "On this device" downloads once: the qpdf module and its loader, brotli-compressed at the quality
 * the build's precompression uses (react-router.config.ts), so the size the tool pages show is the size sent. The
 * few kilobytes of our own job code in the worker are not counted. Compressing 1.3 MB at quality 11 takes seconds,
 * so the answer is kept in node_modules/.cache until the package changes.
 */
export function deviceDownloadBytes(): number {
  const files = ['qpdf.wasm', 'qpdf.js'].map((name) => require.resolve(`@neslinesli93/qpdf-wasm/dist/${name}`));
  const key = files.map((file) => `${file}:${statSync(file).size}:${statSync(file).mtimeMs}`).join('|');
  const cacheFile = join(
    dirname(require.resolve('@neslinesli93/qpdf-wasm/package.json')),
    '../../.cache/paperknife-device-download.json',
  );
  try {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { key: string; bytes: number };
    if (cached.key === key) return cached.bytes;
  } catch {
    // not measured yet
  }
  const bytes = files
    .map((file) => brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length)
    .reduce((sum, size) => sum + size, 0);
  mkdirSync(dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, JSON.stringify({ key, bytes }));
  return bytes;
}
