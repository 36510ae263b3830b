import { readFile, rm } from 'node:fs/promises';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import { runQpdf } from '../programs/qpdf.js';

/**
 * A PDF's objects as `qpdf --json=2` writes them: names as `/Name`, strings as `u:text` or `b:hex`, references as
 * `12 0 R`, streams as their dictionary (and, when asked for, their decoded data in base64).
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonDict;
export interface JsonDict {
  [key: string]: JsonValue;
}

interface JsonObject {
  value?: JsonValue;
  stream?: { dict: JsonDict; data?: string };
}

export interface PdfJson {
  trailer: JsonDict;
  /** The highest object number in use: new objects take the numbers after it. */
  maxObjectId: number;
  /** An object by its reference (`12 0 R`): a stream's dictionary for a stream. */
  object(ref: string): JsonValue | undefined;
  /** Every reference the document holds, each once. */
  refs(): string[];
}

const REFERENCE = /^\d+ \d+ R$/;

export function isRef(value: JsonValue | undefined): value is string {
  return typeof value === 'string' && REFERENCE.test(value);
}

export function isDict(value: JsonValue | undefined): value is JsonDict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads every object's structure (no stream data), through a file: the JSON of a large PDF outgrows a pipe. */
export async function readPdfJson(path: string, context: ToolContext): Promise<PdfJson> {
  const { objects, maxObjectId } = await readObjectsWithHeader(path, context, ['--json-stream-data=none']);
  const trailer = objects.get('trailer')?.value;
  return {
    trailer: isDict(trailer) ? trailer : {},
    maxObjectId,
    object: (ref) => {
      const entry = objects.get(`obj:${ref}`);
      return entry?.stream ? entry.stream.dict : entry?.value;
    },
    refs: () => [...objects.keys()].filter((key) => key.startsWith('obj:')).map((key) => key.slice(4)),
  };
}

/** The decoded data of one stream object, or undefined when it is not a stream qpdf can decode. */
export async function readStreamData(path: string, ref: string, context: ToolContext): Promise<Buffer | undefined> {
  const objectId = ref.split(' ')[0]!;
  const objects = await readObjects(path, context, ['--json-stream-data=inline', `--json-object=${objectId}`]);
  const data = objects.get(`obj:${ref}`)?.stream?.data;
  return data === undefined ? undefined : Buffer.from(data, 'base64');
}

async function readObjects(
  path: string,
  context: ToolContext,
  args: readonly string[],
): Promise<Map<string, JsonObject>> {
  return (await readObjectsWithHeader(path, context, args)).objects;
}

async function readObjectsWithHeader(
  path: string,
  context: ToolContext,
  args: readonly string[],
): Promise<{ objects: Map<string, JsonObject>; maxObjectId: number }> {
  const target = tempPath(context, 'objects', '.json');
  try {
    await runQpdf(['--json=2', '--json-key=qpdf', ...args, path, target], context);
    const json = JSON.parse(await readFile(target, 'utf8')) as {
      qpdf: [{ maxobjectid?: number }, Record<string, JsonObject>];
    };
    return { objects: new Map(Object.entries(json.qpdf[1])), maxObjectId: json.qpdf[0].maxobjectid ?? 0 };
  } finally {
    await rm(target, { force: true });
  }
}

/** A value with references followed (at most a few steps: a reference to a reference is rare but legal). */
export function resolve(pdf: PdfJson, value: JsonValue | undefined): JsonValue | undefined {
  let current = value;
  for (let step = 0; step < 8 && isRef(current); step++) current = pdf.object(current);
  return current;
}

/** A PDF name without its slash and with `#xx` escapes decoded; undefined for anything else. */
export function nameOf(value: JsonValue | undefined): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  return value.slice(1).replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Every dictionary reachable from `start` (references followed, each object once), stream dictionaries included.
 * Keys in `skip` are not followed: back links such as /Parent would otherwise lead to the whole document.
 */
export function reachableDicts(
  pdf: PdfJson,
  start: JsonValue | undefined,
  skip: ReadonlySet<string> = new Set(),
): JsonDict[] {
  const found: JsonDict[] = [];
  const seenRefs = new Set<string>();
  const stack: JsonValue[] = start === undefined ? [] : [start];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (isRef(value)) {
      if (seenRefs.has(value)) continue;
      seenRefs.add(value);
      const target = pdf.object(value);
      if (target !== undefined) stack.push(target);
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (isDict(value)) {
      found.push(value);
      for (const [key, item] of Object.entries(value)) if (!skip.has(key)) stack.push(item);
    }
  }
  return found;
}
