import { readFile, rm } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { contentSyntaxProblem } from './content-syntax.js';
import { runQpdf, runQpdfListingPages } from '../programs/qpdf.js';
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
 */
export async function pageContentsPass(
  path: string,
  objects: readonly number[] | undefined,
  context: ToolContext,
  password?: string,
): Promise<boolean> {
  if (objects === undefined) return false;
  if (objects.length === 0) return true;
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
    let sinceTurn = 0;
    for (const page of json.pages) {
      const data: Buffer[] = [];
      for (const ref of page.contents) {
        const stream = streams[`obj:${ref}`]?.stream;
        // Data still under a filter is data qpdf could not decode at the check's level (an image codec).
        if (stream?.data === undefined || stream.dict['/Filter'] !== undefined) return false;
        data.push(Buffer.from(stream.data, 'base64'));
      }
      if (contentSyntaxProblem(data) !== undefined) return false;
      sinceTurn += data.reduce((sum, part) => sum + part.length, 0);
      if (sinceTurn > BYTES_PER_TURN) {
        sinceTurn = 0;
        await nextTurn();
        context.signal.throwIfAborted();
      }
    }
    return true;
  } finally {
    await rm(listing, { force: true });
  }
}

/** pageContentsPass of any PDF: its pages' content streams listed first (a quick run that decodes no stream). */
export async function listedPageContentsPass(path: string, context: ToolContext): Promise<boolean> {
  const listed = await runQpdfListingPages([path], context, { okCodes: [0, 2, 3] });
  return listed.code === 0 && (await pageContentsPass(path, listed.contentObjects, context));
}

interface ContentListing {
  pages: { contents: string[] }[];
  qpdf: [unknown, Record<string, { stream?: { data?: string; dict: Record<string, unknown> } }>];
}
