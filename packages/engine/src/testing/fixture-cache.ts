import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A disk cache for generated test fixtures (photo-like pixels, image PDFs), so a second test run reads in
 * milliseconds what took seconds to compute. An entry is keyed by a hash of the generator's name and inputs and of
 * the code that makes it: the generator's own module (given by the caller), this module, and the versions of the
 * libraries that encode (mupdf, sharp); a change to any of them makes a new entry. See docs/decisions/060.
 */

/** In node_modules/.cache, where tools keep their caches: removed with node_modules, ignored by git. */
const cacheRoot = fileURLToPath(new URL('../../../../node_modules/.cache/paperknife-fixtures/', import.meta.url));
const encodingLibraries = ['mupdf', 'sharp'];
/** Entries not read for this long are removed: fixtures of code that has since changed. */
const UNUSED_ENTRY_MS = 14 * 24 * 60 * 60 * 1000;

const codeVersions = new Map<string, string>();
let pruned = false;

/** A hash of the generator module's source, this module's and the encoding libraries' versions. */
function codeVersion(generatorModule: string): string {
  const known = codeVersions.get(generatorModule);
  if (known) return known;
  const hash = createHash('sha256')
    .update(readFileSync(fileURLToPath(generatorModule)))
    .update(readFileSync(fileURLToPath(import.meta.url)));
  const nodeModules = join(cacheRoot, '..', '..');
  for (const library of encodingLibraries) {
    const manifest = JSON.parse(readFileSync(join(nodeModules, library, 'package.json'), 'utf8')) as {
      version: string;
    };
    hash.update(`${library}@${manifest.version}`);
  }
  const version = hash.digest('hex');
  codeVersions.set(generatorModule, version);
  return version;
}

/** The cache folder, made on first use, when entries unused for long are also removed. */
function cacheFolder(): string {
  mkdirSync(cacheRoot, { recursive: true });
  if (!pruned) {
    pruned = true;
    const now = Date.now();
    for (const name of readdirSync(cacheRoot)) {
      const path = join(cacheRoot, name);
      try {
        if (now - statSync(path).mtimeMs > UNUSED_ENTRY_MS) rmSync(path, { force: true });
      } catch {
        // Removed by another test process meanwhile.
      }
    }
  }
  return cacheRoot;
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

/** The entry's bytes, marking it used; undefined when there is none. */
function read(path: string): Buffer | undefined {
  try {
    const data = readFileSync(path);
    const now = new Date();
    utimesSync(path, now, now);
    return data;
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

/** Where a fixture is kept, and what it is made from. */
export interface FixtureKey {
  /** The generator's name, also the start of the file name. */
  name: string;
  /** Everything the generator reads: plain values and byte arrays. */
  inputs: unknown;
  /** `import.meta.url` of the module that holds the generator, so a change to its code makes a new entry. */
  generatorModule: string;
}

function entryPath({ name, inputs, generatorModule }: FixtureKey): string {
  return join(cacheFolder(), `${name}-${inputsKey(`${name}|${codeVersion(generatorModule)}`, inputs)}`);
}

/** The bytes `generate` makes, from the cache when the same code made them from the same inputs before. */
export function cachedFixture(key: FixtureKey, generate: () => Uint8Array): Buffer {
  const path = entryPath(key);
  const cached = read(path);
  if (cached) return cached;
  const data = Buffer.from(generate());
  write(path, data);
  return data;
}

/** The same for a generator that works asynchronously. */
export async function cachedFixtureAsync(key: FixtureKey, generate: () => Promise<Uint8Array>): Promise<Buffer> {
  const path = entryPath(key);
  const cached = read(path);
  if (cached) return cached;
  const data = Buffer.from(await generate());
  write(path, data);
  return data;
}
