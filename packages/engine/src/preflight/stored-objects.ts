import { open, readFile } from 'node:fs/promises';
import { inflated } from './plain-flate.js';
import { partitionPoint } from '../sorted-search.js';

/**
 * A PDF's indirect objects read straight from its bytes, where the file leaves no doubt which bytes qpdf reads for
 * them: an object defined once, at the top level of the file (`N G obj`), well framed, or (a value that is not a
 * stream) once inside an object stream that is itself defined so, plain Flate, and nowhere else. The content check
 * reads the pages' streams this way instead of asking qpdf to copy them out (a run that parses every object again:
 * as long as the tool's own run on a paper of 14 pages). Anything this cannot vouch for is `undefined`, and the caller asks
 * qpdf: an object defined twice (an incremental update, or both at the top level and in an object stream), an
 * indirect /Length that is not a plain integer, a `stream` keyword not followed by an end of line, data not
 * followed by `endstream` and `endobj`, an encrypted file (docs/decisions/213).
 *
 * Only a file qpdf read without a warning is read here (the probe's exit 0): its cross-reference table then finds
 * each object where its definition is, and a definition found once in the file is the one it finds.
 */
export interface StoredObjects {
  /** The dictionary of the stream `ref` (`N G R`); `undefined` when this cannot vouch for its stream. */
  streamDictionary(ref: string): Promise<StoredDictionary | undefined>;
  /** The stream `ref` (`N G R`) as stored, with its dictionary; `undefined` when this cannot vouch for it. */
  stream(ref: string): Promise<StoredStream | undefined>;
  /** Whether the document may have bookmarks: false only when its catalog, read here, has no /Outlines. */
  mayHaveOutline(): Promise<boolean>;
  /**
   * The /Count of the page tree's root, read here; `undefined` when this cannot vouch for it. Read before the probe
   * has said the file is sound, it is a guess the probe's count confirms.
   */
  declaredPageCount(): Promise<number | undefined>;
  close(): Promise<void>;
}

export interface StoredStream {
  data: Buffer;
  dict: StoredDictionary;
}

/** A PDF value as read here: names keep their slash (`/FlateDecode`), references are `N G R` strings. */
export type StoredValue = number | boolean | null | string | StoredValue[] | StoredDictionary | StoredString;
export interface StoredDictionary {
  [key: string]: StoredValue;
}

/** A string as written: `(...)` or `<...>`. */
export class StoredString {
  constructor(readonly written: string) {}
}

/** Read at a time while indexing; definitions across a boundary are found through the overlap. */
export const CHUNK_BYTES = 4 * 1024 * 1024;
const OVERLAP = 64;
/** How far past `N G obj` a stream's dictionary may reach: read first, and at most. */
const HEADER_FIRST_WINDOW = 2048;
const HEADER_WINDOW = 64 * 1024;
/** Enough for what follows a value: `stream` or `endobj`, after some white space. */
const FOLLOWING_BYTES = 32;
/** Bytes read past a stream's data for its `endstream` and `endobj`. */
const TAIL_WINDOW = 256;

/**
 * Indexes the top-level object definitions of the PDF `file` (one pass over its bytes, CHUNK_BYTES at a time) and
 * the references to its catalog (`/Root N G R`). A file of one chunk stays in memory, and is read from there; a
 * larger one is read again at the objects asked for. `signal` stops the pass between chunks.
 */
export async function storedObjects(file: { path: string; size: number }, signal: AbortSignal): Promise<StoredObjects> {
  const { size } = file;
  if (size <= CHUNK_BYTES) {
    const bytes = await readFile(file.path, { signal });
    const index = indexChunk(bytes, 0, 0, size);
    const readAt = async (position: number, length: number) => bytes.subarray(position, position + length);
    return objectsOf(readAt, bytes.length, index, async () => undefined);
  }
  const handle = await open(file.path);
  try {
    const index: ChunkIndex = { definitions: new Map(), roots: new Set(), encrypted: false, objectStreams: [] };
    // Read into, never read before written: no need to zero it.
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES + OVERLAP + 8);
    for (let start = 0; start < size; start += CHUNK_BYTES) {
      signal.throwIfAborted();
      const from = Math.max(0, start - OVERLAP);
      const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, size - from), from);
      indexChunk(chunk.subarray(0, bytesRead), from, start, start + CHUNK_BYTES, index);
    }
    const readAt = async (position: number, length: number) => {
      const bytes = Buffer.allocUnsafe(length);
      const { bytesRead } = await handle.read(bytes, 0, length, position);
      return bytes.subarray(0, bytesRead);
    };
    return objectsOf(readAt, size, index, () => handle.close());
  } catch (error) {
    await handle.close();
    throw error;
  }
}

interface ChunkIndex {
  /** Where each object (`N G`) is defined at the top level: the offsets of its headers. */
  definitions: Map<string, number[]>;
  /** The objects `/Root` names. */
  roots: Set<string>;
  /** Whether `/Encrypt` occurs anywhere. */
  encrypted: boolean;
  /** Where `/ObjStm` occurs, in file order: each is read as an object stream's /Type, or leaves a doubt. */
  objectStreams: number[];
}

/**
 * Adds to `index` what `bytes` (the file's bytes from `from`) hold: the definitions whose `obj` keyword lies in
 * [`start`, `end`) (the bytes before `start` are there to read a header across the boundary), `/Root` and `/Encrypt`.
 */
function indexChunk(
  bytes: Buffer,
  from: number,
  start: number,
  end: number,
  index: ChunkIndex = { definitions: new Map(), roots: new Set(), encrypted: false, objectStreams: [] },
): ChunkIndex {
  for (let at = bytes.indexOf('obj', start - from); at >= 0 && from + at < end; at = bytes.indexOf('obj', at + 3)) {
    const header = definitionHeader(bytes, at);
    if (!header) continue;
    const offsets = index.definitions.get(header.key);
    if (offsets) offsets.push(from + header.start);
    else index.definitions.set(header.key, [from + header.start]);
  }
  for (let at = bytes.indexOf('/Root'); at >= 0; at = bytes.indexOf('/Root', at + 5)) {
    const root = ROOT_REFERENCE.exec(bytes.toString('latin1', at, at + 40));
    if (root) index.roots.add(`${Number(root[1])} ${Number(root[2])}`);
  }
  if (bytes.includes('/Encrypt')) index.encrypted = true;
  for (
    let at = bytes.indexOf('/ObjStm', start - from);
    at >= 0 && from + at < end;
    at = bytes.indexOf('/ObjStm', at + 7)
  ) {
    index.objectStreams.push(from + at);
  }
  return index;
}

/**
 * The definition whose `obj` keyword is at `at` in `bytes`: `N G obj` after a delimiter or the file's start,
 * followed by a delimiter; its key `N G` and where `N` starts.
 */
function definitionHeader(bytes: Buffer, at: number): { key: string; start: number } | undefined {
  const next = bytes[at + 3];
  if (next !== undefined && !AFTER_KEYWORD.has(next)) return undefined;
  let position = at;
  const digitsBack = () => {
    const end = position;
    while (position > 0 && bytes[position - 1]! >= 0x30 && bytes[position - 1]! <= 0x39) position--;
    return end - position > 0 && end - position <= 10 ? Number(bytes.toString('latin1', position, end)) : undefined;
  };
  const spaceBack = () => {
    const end = position;
    while (position > 0 && SPACE.has(bytes[position - 1]!)) position--;
    return end > position;
  };
  if (!spaceBack()) return undefined;
  const generation = digitsBack();
  if (generation === undefined || !spaceBack()) return undefined;
  const number = digitsBack();
  if (number === undefined) return undefined;
  // The file's start, or a delimiter: never the middle of another token.
  if (position > 0 && !BEFORE_HEADER.has(bytes[position - 1]!)) return undefined;
  return { key: `${number} ${generation}`, start: position };
}

const codes = (chars: string) => new Set([...chars].map((char) => char.charCodeAt(0)));
const SPACE = codes('\0\t\n\f\r ');
const AFTER_KEYWORD = codes('\0\t\n\f\r <[(/%');
const BEFORE_HEADER = codes('\0\t\n\f\r >])}');
const ROOT_REFERENCE = /^\/Root[\s\0]*(\d{1,10})[\s\0]+(\d{1,5})[\s\0]+R(?![A-Za-z0-9])/;

function objectsOf(
  readAt: (position: number, length: number) => Promise<Buffer>,
  size: number,
  { definitions, roots, encrypted, objectStreams }: ChunkIndex,
  close: () => Promise<void>,
): StoredObjects {
  /** The one definition of `key` (`N G`) in the file, at its top level and not in an object stream. */
  const definition = async (key: string) =>
    (await packedObjects())?.has(key) === false ? topLevelDefinition(key) : undefined;

  /** The one definition of `key` (`N G`) at the file's top level, parsed up to its value's end. */
  const topLevelDefinition = async (key: string) => {
    const offsets = definitions.get(key);
    if (encrypted || offsets?.length !== 1) return undefined;
    const start = offsets[0]!;
    // Most definitions' values end within the first window; a longer one is read again, whole up to the largest.
    for (const windowBytes of [HEADER_FIRST_WINDOW, HEADER_WINDOW]) {
      const window = await readAt(start, Math.min(windowBytes, size - start));
      const text = window.toString('latin1');
      try {
        const reader = new ValueReader(text, text.indexOf('obj') + 3);
        const value = reader.value();
        // What follows the value (`stream` and its end of line, or `endobj`) must be in the window too.
        if (reader.position + FOLLOWING_BYTES > text.length && start + window.length < size) continue;
        return { start, text, value, after: reader.position };
      } catch {
        if (start + window.length >= size) return undefined;
      }
    }
    return undefined;
  };

  /** The objects the file's object streams hold (`N 0`), each where it is (`undefined`: held twice); `undefined`: a doubt. */
  let packed: Promise<Map<string, PackedObject | undefined> | undefined> | undefined;
  const packedObjects = () => {
    packed ??= objectStreams.length === 0 || encrypted ? Promise.resolve(new Map()) : readObjectStreams();
    return packed;
  };
  const readObjectStreams = async () => {
    const found = new Map<string, PackedObject | undefined>();
    const starts = [...definitions].flatMap(([key, offsets]) => offsets.map((start) => ({ key, start })));
    starts.sort((a, b) => a.start - b.start);
    const holders = new Set(objectStreams.map((position) => lastBefore(starts, position)?.key));
    for (const key of holders) {
      const stream = key === undefined ? undefined : await streamAt(key, true);
      // `/ObjStm` in another object's data or strings is no object stream; one this cannot read leaves a doubt.
      if (stream && stream.dict['/Type'] !== '/ObjStm') continue;
      const held = stream && objectStreamContents(stream);
      if (!held) return undefined;
      for (const [number, object] of held) found.set(number, found.has(number) ? undefined : object);
    }
    // Held twice: read as neither.
    for (const [number] of found) if (definitions.has(number)) found.set(number, undefined);
    return found;
  };

  /** A definition's value: a dictionary (a stream's too), or any other value that `endobj` follows. */
  const valueIn = (object: Awaited<ReturnType<typeof topLevelDefinition>>) =>
    object && (isDictionary(object.value) || ENDOBJ.test(object.text.slice(object.after))) ? object.value : undefined;

  /** The value of the object `key` (`N G`), defined once in the file: at its top level or in an object stream. */
  const value = async (key: string): Promise<StoredValue | undefined> => {
    const object = await definition(key);
    if (object) return valueIn(object);
    const held = definitions.has(key) ? undefined : (await packedObjects())?.get(key);
    return held && packedValue(held);
  };

  /** A non-negative integer, written as one or as an object of its own, read by `read`. */
  const integer = async (stored: StoredValue, read = value): Promise<number | undefined> => {
    if (typeof stored === 'number') return Number.isInteger(stored) && stored >= 0 ? stored : undefined;
    const key = referenceKey(stored);
    const held = key === undefined ? undefined : await read(key);
    return typeof held === 'number' ? integer(held, read) : undefined;
  };

  /** The dictionary defined once as `key` (`N G`), or `undefined`. */
  const dictionary = async (key: string | undefined) => {
    const held = key === undefined ? undefined : await value(key);
    return isDictionary(held) ? held : undefined;
  };

  /** The catalog, when one file trailer names it and it is defined once. */
  const catalogue = () => (roots.size === 1 ? dictionary([...roots][0]) : Promise.resolve(undefined));

  /**
   * A stream object's definition: where its data starts, how long it is. `topLevel`: found among the top-level
   * definitions alone, for an object stream (whose /Length may not be in one either, PDF 32000 7.5.7).
   */
  const streamObject = async (key: string, topLevel = false) => {
    const object = await (topLevel ? topLevelDefinition : definition)(key);
    if (!object || !isDictionary(object.value)) return undefined;
    const keyword = STREAM_KEYWORD.exec(object.text.slice(object.after));
    const read = topLevel ? async (at: string) => valueIn(await topLevelDefinition(at)) : value;
    const length = await integer(object.value['/Length'] ?? null, read);
    if (!keyword || length === undefined) return undefined;
    const dataStart = object.start + object.after + keyword[0].length;
    return dataStart + length > size ? undefined : { dict: object.value, dataStart, length };
  };

  /** The stream `key` (`N G`) as stored, well framed, with its dictionary. */
  const streamAt = async (key: string, topLevel = false): Promise<StoredStream | undefined> => {
    const object = await streamObject(key, topLevel);
    if (!object) return undefined;
    const { dataStart, length } = object;
    const data = await readAt(dataStart, length);
    const tail = await readAt(dataStart + length, Math.min(TAIL_WINDOW, size - dataStart - length));
    if (!STREAM_END.test(tail.toString('latin1'))) return undefined;
    return { data, dict: object.dict };
  };

  return {
    streamDictionary: async (ref) => {
      const key = referenceKey(ref);
      return key === undefined ? undefined : (await streamObject(key))?.dict;
    },
    async stream(ref) {
      const key = referenceKey(ref);
      return key === undefined ? undefined : streamAt(key);
    },
    async mayHaveOutline() {
      const catalog = await catalogue();
      return !catalog || '/Outlines' in catalog;
    },
    async declaredPageCount() {
      const catalog = await catalogue();
      const tree = await dictionary(referenceKey(catalog?.['/Pages']));
      return tree?.['/Type'] === '/Pages' ? integer(tree['/Count'] ?? null) : undefined;
    },
    close,
  };
}

/** An object inside an object stream: the stream's decoded text, and where the object's value starts in it. */
interface PackedObject {
  text: string;
  at: number;
  /** Its value once read (`null` is a value: `undefined` until read, `false` when it does not read). */
  read?: StoredValue | false;
}

/** A packed object's value, read the first time it is asked for; `undefined` when it does not read here. */
function packedValue(object: PackedObject): StoredValue | undefined {
  if (object.read === undefined) {
    try {
      object.read = new ValueReader(object.text, object.at).value();
    } catch {
      object.read = false;
    }
  }
  return object.read === false ? undefined : object.read;
}

/** The last of `starts` (sorted) before `position`. */
function lastBefore<T extends { start: number }>(starts: readonly T[], position: number): T | undefined {
  return starts[partitionPoint(starts, ({ start }) => start < position) - 1];
}

/**
 * The objects an object stream holds (`N 0`), each where its value starts, read only when asked for (a large
 * file's object streams hold tens of thousands); `undefined` for a stream that cannot be read as one: not decoded
 * here (`inflated`), an /N or /First that is not a plain integer, a header that does not list /N pairs of numbers.
 */
function objectStreamContents({ data, dict }: StoredStream): Map<string, PackedObject | undefined> | undefined {
  const { '/N': count, '/First': first } = dict;
  if (typeof count !== 'number' || typeof first !== 'number' || !Number.isInteger(count) || !Number.isInteger(first)) {
    return undefined;
  }
  const decoded = inflated(data, dict);
  if (!decoded) return undefined;
  // A space after the last value: the reader looks one character past a value for its end.
  const text = `${decoded.toString('latin1')} `;
  // Pairs of numbers, white space and comments between them (qpdf's QDF form writes one before each object).
  const header = text
    .slice(0, first)
    .replace(/%[^\r\n]*/g, ' ')
    .trim()
    .split(/[\s\0]+/)
    .filter(Boolean);
  if (header.length !== 2 * count || !header.every((word) => /^\d{1,10}$/.test(word))) return undefined;
  const held = new Map<string, PackedObject | undefined>();
  for (let pair = 0; pair < count; pair++) {
    const key = `${Number(header[2 * pair])} 0`;
    held.set(key, held.has(key) ? undefined : { text, at: first + Number(header[2 * pair + 1]) });
  }
  return held;
}

const REFERENCE = /^(\d+) (\d+) R$/;
/** The `N G` of a reference value, or `undefined` for any other value. */
const referenceKey = (value: StoredValue | undefined) => {
  const parts = typeof value === 'string' ? REFERENCE.exec(value) : null;
  return parts ? `${parts[1]} ${parts[2]}` : undefined;
};
/** The end of an object whose value has been read. */
const ENDOBJ = /^[\s\0]*endobj/;
/** `stream` and the end of line that must follow it (PDF 32000 7.3.8.1: CRLF or LF). */
const STREAM_KEYWORD = /^[\s\0]*stream\r?\n/;
/** After the data: an optional end of line, then `endstream` and `endobj`. */
const STREAM_END = /^(?:\r\n|\r|\n)?endstream[\s\0]+endobj(?![A-Za-z0-9])/;

function isDictionary(value: StoredValue | undefined): value is StoredDictionary {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof StoredString);
}

const WHITESPACE = '\0\t\n\f\r ';
const DELIMITERS = '()<>[]{}/%';

/**
 * Reads one PDF value of a latin1 string from a position: numbers, references, names (#-escapes decoded), strings
 * (kept as they are written), arrays, dictionaries, booleans, null. Throws on anything else or on a value cut short.
 */
export class ValueReader {
  constructor(
    private readonly text: string,
    public position: number,
  ) {}

  value(): StoredValue {
    this.skipSpace();
    const rest = this.text.slice(this.position, this.position + 40);
    if (rest.startsWith('<<')) return this.dictionary();
    const number = /^[+-]?(?:\d+\.?\d*|\.\d+)/.exec(rest);
    if (number) {
      const ref = /^(\d+)[\s\0]+(\d+)[\s\0]+R(?![^\s\0()<>[\]{}/%])/.exec(rest);
      const token = ref ?? number;
      this.position += token[0].length;
      return ref ? `${Number(ref[1])} ${Number(ref[2])} R` : Number(number[0]);
    }
    const char = this.text[this.position];
    if (char === '/') return this.name();
    if (char === '[') {
      this.position++;
      const items: StoredValue[] = [];
      for (this.skipSpace(); this.text[this.position] !== ']'; this.skipSpace()) items.push(this.value());
      this.position++;
      return items;
    }
    if (char === '(') return new StoredString(this.literalString());
    if (char === '<') {
      const end = this.text.indexOf('>', this.position);
      if (end < 0) throw new Error('hex string cut short');
      const written = this.text.slice(this.position, end + 1);
      this.position = end + 1;
      return new StoredString(written);
    }
    const word = /^(true|false|null)(?![^\s\0()<>[\]{}/%])/.exec(rest);
    if (!word) throw new Error(`unexpected ${JSON.stringify(rest.slice(0, 10))}`);
    this.position += word[0].length;
    return word[1] === 'null' ? null : word[1] === 'true';
  }

  private dictionary(): StoredDictionary {
    this.position += 2;
    const entries: StoredDictionary = {};
    for (this.skipSpace(); !this.text.startsWith('>>', this.position); this.skipSpace()) {
      if (this.text[this.position] !== '/') throw new Error('dictionary key is not a name');
      const key = this.name();
      entries[key] = this.value();
    }
    this.position += 2;
    return entries;
  }

  private name(): string {
    let end = this.position + 1;
    while (end < this.text.length && !WHITESPACE.includes(this.text[end]!) && !DELIMITERS.includes(this.text[end]!)) {
      end++;
    }
    if (end >= this.text.length) throw new Error('name cut short');
    const raw = this.text.slice(this.position, end);
    this.position = end;
    return raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }

  private literalString(): string {
    const start = this.position;
    let depth = 0;
    for (let at = start; at < this.text.length; at++) {
      const char = this.text[at];
      if (char === '\\') at++;
      else if (char === '(') depth++;
      else if (char === ')' && --depth === 0) {
        this.position = at + 1;
        return this.text.slice(start, at + 1);
      }
    }
    throw new Error('string cut short');
  }

  private skipSpace(): void {
    for (;;) {
      if (this.position >= this.text.length) throw new Error('value cut short');
      const char = this.text[this.position]!;
      if (WHITESPACE.includes(char)) this.position++;
      else if (char === '%') {
        const end = this.text.slice(this.position).search(/[\r\n]/);
        if (end < 0) throw new Error('comment cut short');
        this.position += end;
      } else return;
    }
  }
}
