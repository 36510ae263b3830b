import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A disk cache for generated test fixtures (photo-like pixels, image PDFs), so a second test run reads in
 * milliseconds what took seconds to compute. An entry is keyed by a hash of the generator's name and inputs;
 * its folder by a hash of the code that generates it (every helper in this folder and the versions of the
 * libraries that encode: mupdf, sharp), so a change to any of them regenerates everything. See docs/decisions/060.
 */

const testingFolder = fileURLToPath(new URL('./', import.meta.url));
/** In node_modules/.cache, where tools keep their caches: removed with node_modules, ignored by git. */
const cacheRoot = fileURLToPath(new URL('../../../../node_modules/.cache/paperknife-fixtures/', import.meta.url));
const encodingLibraries = ['mupdf', 'sharp'];

let versionFolder: string | undefined;

/** The folder of this code version's entries; older versions' folders are removed on first use. */
function cacheFolder(): string {
  if (versionFolder) return versionFolder;
  const hash = createHash('sha256');
  for (const name of readdirSync(testingFolder).sort()) {
    if (name.endsWith('.ts') && !name.endsWith('.test.ts'))
      hash.update(name).update(readFileSync(join(testingFolder, name)));
  }
  const nodeModules = join(cacheRoot, '..', '..');
  for (const library of encodingLibraries) {
    const manifest = JSON.parse(readFileSync(join(nodeModules, library, 'package.json'), 'utf8')) as {
      version: string;
    };
    hash.update(`${library}@${manifest.version}`);
  }
  const version = hash.digest('hex').slice(0, 16);
  mkdirSync(join(cacheRoot, version), { recursive: true });
  for (const name of readdirSync(cacheRoot))
    if (name !== version) rmSync(join(cacheRoot, name), { recursive: true, force: true });
  versionFolder = join(cacheRoot, version);
  return versionFolder;
}

/**
 * A hash of the inputs: plain values by content (object keys sorted), byte arrays by their bytes. An object met
 * again is hashed as a reference to its first place, so "one image drawn twice" and "two equal images" differ,
 * as they do in the PDF the generator writes.
 */
function inputsKey(name: string, inputs: unknown): string {
  const hash = createHash('sha256').update(name);
  const seen = new Map<object, number>();
  const visit = (value: unknown): void => {
    if (value instanceof Uint8Array) {
      hash.update(`bytes:${value.length}:`).update(value);
    } else if (Array.isArray(value) || (typeof value === 'object' && value !== null)) {
      const first = seen.get(value);
      if (first !== undefined) {
        hash.update(`ref:${first};`);
        return;
      }
      seen.set(value, seen.size);
      if (Array.isArray(value)) {
        hash.update(`array:${value.length}[`);
        for (const item of value) visit(item);
      } else {
        const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
        hash.update(`object:${entries.length}{`);
        for (const [key, item] of entries) {
          hash.update(`${JSON.stringify(key)}:`);
          visit(item);
        }
      }
      hash.update(';');
    } else {
      hash.update(`${typeof value}:${JSON.stringify(value) ?? ''};`);
    }
  };
  visit(inputs);
  return hash.digest('hex');
}

function read(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Written under a private name, then renamed: two test processes making the same fixture never see half a file.
 * Best effort: a fixture that cannot be stored is made again next time.
 */
function write(path: string, data: Uint8Array): void {
  const partial = `${path}.${process.pid}.partial`;
  try {
    writeFileSync(partial, data);
    renameSync(partial, path);
  } catch {
    rmSync(partial, { force: true });
  }
}

/** The bytes `generate` makes from `inputs`, from the cache when this code made them before. */
export function cachedFixture(name: string, inputs: unknown, generate: () => Uint8Array): Buffer {
  const path = join(cacheFolder(), `${name}-${inputsKey(name, inputs)}`);
  const cached = read(path);
  if (cached) return cached;
  const data = Buffer.from(generate());
  write(path, data);
  return data;
}

/** The same for a generator that works asynchronously. */
export async function cachedFixtureAsync(
  name: string,
  inputs: unknown,
  generate: () => Promise<Uint8Array>,
): Promise<Buffer> {
  const path = join(cacheFolder(), `${name}-${inputsKey(name, inputs)}`);
  const cached = read(path);
  if (cached) return cached;
  const data = Buffer.from(await generate());
  write(path, data);
  return data;
}
