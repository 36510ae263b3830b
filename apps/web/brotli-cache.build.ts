import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const brotli = promisify(brotliCompress);

/** Where large files' brotli copies are kept between builds, by their content's hash. */
const CACHE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../node_modules/.cache/paperknife-brotli');

/** Smaller files compress in well under a second: not worth a cache entry. */
export const BROTLI_CACHE_MIN_BYTES = 1024 * 1024;

/**
 * Brotli at quality 11 of a large file (mupdf.js's 10 MB of WebAssembly takes 30 s of CPU), kept by its content's
 * hash so the build's precompression and its download measure compress it once until the file changes.
 */
export async function cachedBrotli(body: Uint8Array): Promise<Buffer> {
  const path = join(CACHE_DIR, `${createHash('sha256').update(body).digest('hex')}-q11.br`);
  const kept = await readFile(path).catch(() => undefined);
  if (kept) return kept;
  const compressed = await brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  await mkdir(CACHE_DIR, { recursive: true });
  // Written beside and renamed: two builds at once never read half a file.
  const partial = `${path}.${process.pid}`;
  await writeFile(partial, compressed);
  await rename(partial, path);
  return compressed;
}
