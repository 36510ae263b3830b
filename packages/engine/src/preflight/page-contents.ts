import { readFile, rm } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { inflateSync } from 'node:zlib';
import { contentSyntaxProblem } from './content-syntax.js';
import { jpegStructureProblem } from './jpeg-structure.js';
import { filtersOf, inflated } from './plain-flate.js';
import { type ListedPage, runQpdf, runQpdfListingPages } from '../programs/qpdf.js';
import type { StoredObjects } from './stored-objects.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';

/** Decoded content read between two turns of the event loop, so a long document does not hold it up. */
const BYTES_PER_TURN = 2 * 1024 * 1024;

/**
 * True when every page's content passes the part of `qpdf --check` that reads it: each content stream decodes
 * (qpdf's specialized level, as the check's), and the page's content parses without a warning
 * (`contentSyntaxProblem`). qpdf's writes copy content as it is, so a stream that no longer inflates or whose tokens
 * no longer parse (a flipped byte) would leave in an output that fails the check. One qpdf run decodes the streams
 * `objects` names (a page listing's content streams) and lists which page holds which; the parse is ours, in a small
 * part of the check's time (docs/decisions/115). `undefined` objects (a listing too long to keep) is false: the full
 * check decides.
 *
 * The content is copied out as stored by qpdf and inflated here (`rawStreamsPass`); a stream this cannot vouch for
 * sends the file to the run that decodes with qpdf, whose answer stands.
 */
export async function pageContentsPass(
  path: string,
  objects: readonly number[] | undefined,
  context: ToolContext,
  password?: string,
  options: PageContentsOptions = {},
): Promise<boolean> {
  if (objects === undefined) return false;
  if (objects.length === 0) return true;
  const raw = await rawStreamsPass(path, objects, options.jpegs ? 'apart' : 'none', context, password);
  if (raw !== 'unsure') return raw;
  return decodedContentsPass(path, objects, context, password, options);
}

/**
 * pageContentsPass read from the upload's bytes (`StoredObjects`) instead of a qpdf run: the pages' content streams
 * (`pages`, as the probe listed them) inflated and parsed here, then the structure of the JPEGs they draw. `unsure`
 * where the bytes leave a doubt (a stream this cannot find once and well framed, a filter other than plain Flate,
 * data zlib refuses, a JPEG under another filter): pageContentsPass then decides with qpdf. Never more lenient
 * than qpdf's decoding, as rawStreamsPass.
 */
export async function storedContentsPass(
  objects: StoredObjects,
  pages: readonly ListedPage[],
  context: ToolContext,
): Promise<boolean | 'unsure'> {
  const contents = new Map<string, Buffer | undefined>();
  for (const ref of new Set(pages.flatMap((page) => page.contents))) {
    const stream = await objects.stream(ref);
    contents.set(ref, stream && inflated(stream.data, stream.dict));
  }
  const parsed = await contentsParse(pages, context, (ref) => contents.get(ref));
  if (parsed !== true) return parsed === 'unreadable' ? 'unsure' : false;
  for (const ref of new Set(pages.flatMap((page) => page.images))) {
    const dict = await objects.streamDictionary(ref);
    if (!dict) return 'unsure';
    if (!filtersOf(dict).includes('/DCTDecode')) continue;
    const stream = await objects.stream(ref);
    const jpeg = stream && jpegData(stream.data, stream.dict);
    if (!jpeg) return 'unsure';
    if (jpegStructureProblem(jpeg) !== undefined) return false;
    context.signal.throwIfAborted();
  }
  return true;
}

/**
 * pageContentsPass with qpdf decoding the content streams (its specialized level), then the JPEGs in a second run:
 * what decides when the copy as stored is unsure (exported for the tests that hold both readings equal).
 */
export async function decodedContentsPass(
  path: string,
  objects: readonly number[],
  context: ToolContext,
  password: string | undefined,
  options: PageContentsOptions,
): Promise<boolean> {
  const listing = tempPath(context, 'page-contents', '.json');
  try {
    const decoded = await runQpdf(
      [
        ...[
          '--json=2',
          '--json-key=pages',
          '--json-key=qpdf',
          '--json-stream-data=inline',
          '--decode-level=specialized',
        ],
        ...objects.map((object) => `--json-object=${object}`),
        path,
        listing,
      ],
      context,
      { okCodes: [0, 2, 3], password },
    );
    // A stream that does not decode is a warning (exit 3).
    if (decoded.code !== 0) return false;
    const json = JSON.parse(await readFile(listing, 'utf8')) as ContentListing;
    const streams = json.qpdf[1];
    const parsed = await contentsParse(json.pages, context, (ref) => {
      const stream = streams[`obj:${ref}`]?.stream;
      // Data still under a filter is data qpdf could not decode at the check's level (an image codec).
      return stream?.data === undefined || stream.dict['/Filter'] !== undefined
        ? undefined
        : Buffer.from(stream.data, 'base64');
    });
    if (parsed !== true) return false;
    if (!options.jpegs) return true;
    return await jpegsPass(path, pageJpegs(json.pages), context, password);
  } finally {
    await rm(listing, { force: true });
  }
}

export interface PageContentsOptions {
  /**
   * Also read the markers and tables of the JPEG images the pages draw (`jpegStructureProblem`), which `--check`
   * decodes and qpdf's writes copy as they are: for tools whose output qpdf writes from the upload. Images inside
   * form XObjects are not listed by qpdf's page JSON and are not read.
   */
  jpegs?: boolean;
}

/**
 * pageContentsPass in one qpdf run that decodes nothing (`--decode-level=none`): the content streams `objects` are
 * copied out as stored, inline in its JSON, and inflated here; the pages' JPEGs are read as in `jpegsPass`, from a
 * run of their own after it (`apart`: the JPEGs alone, rather than every image inline), or not at all (`none`). What
 * this cannot vouch for is `unsure`, and the caller asks qpdf's decoding: a filter other than a plain /FlateDecode,
 * data that does not inflate here (zlib is stricter than qpdf's reading: it also refuses a wrong checksum), a JPEG
 * under another filter, a stream the run did not copy. So the answer is never more lenient than qpdf's decoding, only
 * cheaper: the run skips qpdf's decoding and the base64 of the decoded data, and the JPEG run.
 */
async function rawStreamsPass(
  path: string,
  objects: readonly number[],
  images: 'apart' | 'none',
  context: ToolContext,
  password: string | undefined,
): Promise<boolean | 'unsure'> {
  const listing = tempPath(context, 'page-streams', '.json');
  try {
    const copied = await runQpdf(
      [
        ...['--json=2', '--json-key=pages', '--json-key=qpdf', '--json-stream-data=inline', '--decode-level=none'],
        ...[...new Set(objects)].map((object) => `--json-object=${object}`),
        path,
        listing,
      ],
      context,
      { okCodes: [0, 2, 3], password },
    );
    // A warning reading the streams' objects: the decoding run would warn too.
    if (copied.code !== 0) return false;
    const json = JSON.parse(await readFile(listing, 'utf8')) as ContentListing;
    const streams = json.qpdf[1];
    const parsed = await contentsParse(json.pages, context, (ref) => {
      const stream = streams[`obj:${ref}`]?.stream;
      return stream?.data === undefined ? undefined : inflated(Buffer.from(stream.data, 'base64'), stream.dict);
    });
    if (parsed !== true) return parsed === 'unreadable' ? 'unsure' : false;
    return images === 'none' || (await jpegsPass(path, pageJpegs(json.pages), context, password));
  } finally {
    await rm(listing, { force: true });
  }
}

/**
 * The JPEG images `refs` (`N 0 R`) as stored, copied out by qpdf (other filters decoded, JPEG data not), each read
 * by `jpegStructureProblem`.
 */
async function jpegsPass(path: string, refs: readonly string[], context: ToolContext, password?: string) {
  if (refs.length === 0) return true;
  const listing = tempPath(context, 'jpeg-streams', '.json');
  const files: string[] = [];
  try {
    const copied = await runQpdf(
      [
        ...['--json=2', '--json-key=qpdf', '--json-stream-data=file', '--decode-level=generalized'],
        `--json-stream-prefix=${tempPath(context, 'jpeg-data')}`,
        ...refs.map((ref) => `--json-object=${ref.split(' ')[0]}`),
        path,
        listing,
      ],
      context,
      { okCodes: [0, 2, 3], password },
    );
    const json = JSON.parse(await readFile(listing, 'utf8')) as JpegListing;
    const streams = Object.values(json.qpdf[1]).flatMap((entry) => (entry.stream?.datafile ? [entry.stream] : []));
    files.push(...streams.map((stream) => stream.datafile!));
    if (copied.code !== 0 || streams.length !== refs.length) return false;
    for (const stream of streams) {
      const jpeg = jpegData(await readFile(stream.datafile!), stream.dict);
      if (!jpeg || jpegStructureProblem(jpeg) !== undefined) return false;
    }
    return true;
  } finally {
    await Promise.all([listing, ...files].map((file) => rm(file, { force: true })));
  }
}

/**
 * The JPEG data of a stream qpdf copied out: as it is when only /DCTDecode is left, inflated when qpdf left it
 * under `[/FlateDecode /DCTDecode]` (its JSON writes a stream it cannot decode whole as stored). Anything else, or
 * data that does not inflate, is `undefined`: the full check decides.
 */
function jpegData(data: Buffer, dict: Record<string, unknown>): Buffer | undefined {
  const filters = filtersOf(dict);
  if (filters.length === 1 && filters[0] === '/DCTDecode') return data;
  const parms = dict['/DecodeParms'];
  const flateParms = Array.isArray(parms) ? parms[0] : parms;
  if (filters.length !== 2 || filters[0] !== '/FlateDecode' || filters[1] !== '/DCTDecode') return undefined;
  if (flateParms !== undefined && flateParms !== null) return undefined;
  try {
    return inflateSync(data);
  } catch {
    return undefined;
  }
}

interface JpegListing {
  qpdf: [unknown, Record<string, { stream?: { datafile?: string; dict: Record<string, unknown> } }>];
}

/** pageContentsPass of any PDF: its pages' content streams listed first (a quick run that decodes no stream). */
export async function listedPageContentsPass(path: string, context: ToolContext): Promise<boolean> {
  const listed = await runQpdfListingPages([path], context, { okCodes: [0, 2, 3] });
  return listed.code === 0 && (await pageContentsPass(path, listed.contentObjects, context));
}

/**
 * Whether every page's content parses without a problem (`contentSyntaxProblem`), each of its streams' data given by
 * `contentOf`: `unreadable` when it gives none for a stream, `bad` for a page that does not parse. Decoded content is
 * read between turns of the event loop, BYTES_PER_TURN at a time.
 */
async function contentsParse(
  pages: readonly { contents: readonly string[] }[],
  context: ToolContext,
  contentOf: (ref: string) => Buffer | undefined,
): Promise<true | 'unreadable' | 'bad'> {
  let sinceTurn = 0;
  for (const page of pages) {
    const data: Buffer[] = [];
    for (const ref of page.contents) {
      const content = contentOf(ref);
      if (content === undefined) return 'unreadable';
      data.push(content);
    }
    if (contentSyntaxProblem(data) !== undefined) return 'bad';
    sinceTurn += data.reduce((sum, part) => sum + part.length, 0);
    if (sinceTurn > BYTES_PER_TURN) {
      sinceTurn = 0;
      await nextTurn();
      context.signal.throwIfAborted();
    }
  }
  return true;
}

/** The JPEG images (`N 0 R`) the listed pages draw, each once. */
const pageJpegs = (pages: ContentListing['pages']): string[] => [
  ...new Set(
    pages.flatMap((page) =>
      (page.images ?? []).filter((image) => image.filter.includes('/DCTDecode')).map((image) => image.object),
    ),
  ),
];

interface ContentListing {
  pages: { object: string; contents: string[]; images?: { object: string; filter: string[] }[] }[];
  qpdf: [
    unknown,
    Record<
      string,
      { value?: Record<string, unknown>; stream?: { data?: string; datafile?: string; dict: Record<string, unknown> } }
    >,
  ];
}
