import { readFile, rm, writeFile } from 'node:fs/promises';
import { ToolError } from '@paperknife/catalog/errors';
import { type PageSpecEntry, organizePages } from '@paperknife/catalog/page-spec';
import { tools } from '@paperknife/catalog/tools';
import { type SourceOutline, addBookmarks, readOutline } from '../page-assembly/bookmarks.js';
import { normalizeRotate, visibleSize } from '../stamping/page-placement.js';
import { type CheckAfterAttempt, checkAfter } from '../preflight/check-after.js';
import { tempPath } from '../jobs/temp-path.js';
import { qpdfPageRange, runQpdf } from '../programs/qpdf.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolContext, ToolRunner } from '../jobs/tool-runner.js';

/**
 * Builds the new document the page-spec describes in one qpdf run: pages copied from the input (in order,
 * repeats made copies, the rest left out), blank pages spliced in from small hand-written PDFs, and each page
 * turned with `--rotate=+N` on its output position (relative: added to the page's own /Rotate).
 * `--empty` like extract-pages: links and form fields of kept pages come along, and nothing of a deleted page
 * stays behind in the file; bookmarks are carried over afterwards. See docs/decisions/090-organize-page-spec.md.
 */
export const organizePdf: ToolRunner<'organize-pdf'> = async (files, options, context) => {
  const path = await checkAfter<string>([requireOneFile(files)], context, {
    writtenBy: 'qpdf',
    outputs: (output) => [{ path: output }],
    run: async ({ sources: [input], qpdf, context: attemptContext }) => {
      // The outline is read beside the upload's probe and the document's build.
      const outline = readOutline(input!.path, attemptContext);
      outline.catch(() => undefined); // awaited once the document is built
      const entries = organizePages(options.order, (await input!.opened).pageCount);
      if (entries.length > context.limits.maxPages) {
        throw new ToolError(
          'too_many_pages',
          `The new PDF would have ${entries.length} pages; the limit is ${context.limits.maxPages}. Use fewer copies or blank pages.`,
        );
      }
      return organize(input!.path, entries, outline, qpdf, context);
    },
  });
  return { path, download: tools['organize-pdf'].download };
};

/** The organized document, with the input's bookmarks where their pages went. */
async function organize(
  input: string,
  entries: readonly PageSpecEntry[],
  outline: Promise<SourceOutline>,
  qpdf: CheckAfterAttempt['qpdf'],
  context: ToolContext,
): Promise<string> {
  const blankFiles = await writeBlankPages(input, entries, context);
  const pageArgs: string[] = [];
  let run: number[] = [];
  const flushRun = () => {
    if (run.length > 0) pageArgs.push(input, qpdfPageRange(run));
    run = [];
  };
  entries.forEach((entry, index) => {
    if (entry.kind === 'page') {
      run.push(entry.page);
      return;
    }
    flushRun();
    pageArgs.push(blankFiles.get(index)!, '1');
  });
  flushRun();

  const organized = tempPath(context, 'organized');
  await qpdf(['--empty', '--pages', ...pageArgs, '--', ...rotateArgs(entries), organized]);

  // A bookmark follows its page to where it first appears; bookmarks of deleted pages go with them.
  const firstPosition = new Map<number, number>();
  entries.forEach((entry, index) => {
    if (entry.kind === 'page' && !firstPosition.has(entry.page)) firstPosition.set(entry.page, index);
  });
  const source = { outline: await outline, outputPage: (page: number) => firstPosition.get(page + 1) };
  return addBookmarks([source], organized, context);
}

/** `--rotate=+90:2,5` and friends, one per angle, on output page numbers. */
export function rotateArgs(entries: readonly PageSpecEntry[]): string[] {
  const byTurn = new Map<number, number[]>();
  entries.forEach((entry, index) => {
    if (entry.turn !== 0) byTurn.set(entry.turn, [...(byTurn.get(entry.turn) ?? []), index + 1]);
  });
  return [...byTurn].map(([turn, positions]) => `--rotate=+${turn}:${qpdfPageRange(positions)}`);
}

/**
 * The page a blank takes its size from: the nearest page of the PDF before it in the new order, or after it
 * when no page comes before (the spec guarantees at least one page).
 */
export function blankNeighbours(entries: readonly PageSpecEntry[]): Map<number, PageSpecEntry & { kind: 'page' }> {
  const neighbours = new Map<number, PageSpecEntry & { kind: 'page' }>();
  let previous: (PageSpecEntry & { kind: 'page' }) | undefined;
  const waiting: number[] = [];
  entries.forEach((entry, index) => {
    if (entry.kind === 'blank') {
      if (previous) neighbours.set(index, previous);
      else waiting.push(index);
      return;
    }
    previous = entry;
    for (const blank of waiting.splice(0)) neighbours.set(blank, entry);
  });
  return neighbours;
}

/**
 * Writes one blank one-page PDF per distinct size and maps each blank entry to its file. A blank has the size
 * its neighbour shows in the result (its box turned by its own /Rotate plus the turn asked for), upright.
 */
async function writeBlankPages(
  input: string,
  entries: readonly PageSpecEntry[],
  context: ToolContext,
): Promise<Map<number, string>> {
  const neighbours = blankNeighbours(entries);
  const files = new Map<number, string>();
  if (neighbours.size === 0) return files;

  const frames = await pageFrames(input, [...new Set([...neighbours.values()].map((entry) => entry.page))], context);
  const bySize = new Map<string, string>();
  for (const [index, neighbour] of neighbours) {
    const frame = frames.get(neighbour.page)!;
    const { width, height } = visibleSize({ box: frame.box, rotate: frame.rotate + neighbour.turn });
    const key = `${round(width)}x${round(height)}`;
    let path = bySize.get(key);
    if (!path) {
      path = tempPath(context, `blank-${bySize.size + 1}`);
      await writeFile(path, blankPdf(round(width), round(height)));
      bySize.set(key, path);
    }
    files.set(index, path);
  }
  return files;
}

const round = (value: number) => Math.round(value * 100) / 100;

type Box = [number, number, number, number];

/**
 * The visible box (CropBox, else MediaBox) and /Rotate of some pages. qpdf copies the pages into a small file
 * first, which pushes inherited boxes and rotation onto each page, then describes its objects as JSON.
 */
async function pageFrames(
  input: string,
  pages: readonly number[],
  context: ToolContext,
): Promise<Map<number, { box: Box; rotate: number }>> {
  const sorted = [...pages].sort((a, b) => a - b);
  const copy = tempPath(context, 'neighbour-pages');
  const json = tempPath(context, 'neighbour-pages', '.json');
  try {
    await runQpdf(['--empty', '--warning-exit-0', '--pages', input, qpdfPageRange(sorted), '--', copy], context);
    await runQpdf(['--json=2', '--json-stream-data=none', '--json-key=pages', '--json-key=qpdf', copy, json], context);
    const described = JSON.parse(await readFile(json, 'utf8')) as {
      pages: { object: string }[];
      qpdf: [unknown, Record<string, { value?: unknown }>];
    };
    const objects = described.qpdf[1];
    const resolve = (value: unknown): unknown =>
      typeof value === 'string' && / R$/.test(value) ? objects[`obj:${value}`]?.value : value;
    const frames = new Map<number, { box: Box; rotate: number }>();
    described.pages.forEach((page, index) => {
      const dict = (resolve(page.object) ?? {}) as Record<string, unknown>;
      const box = toBox(resolve(dict['/CropBox']), resolve) ?? toBox(resolve(dict['/MediaBox']), resolve);
      const rotate = resolve(dict['/Rotate']);
      frames.set(sorted[index]!, {
        // A page without a usable box is drawn as US Letter by viewers; the blank follows suit.
        box: box ?? [0, 0, 612, 792],
        rotate: typeof rotate === 'number' ? normalizeRotate(rotate) : 0,
      });
    });
    return frames;
  } finally {
    await rm(copy, { force: true });
    await rm(json, { force: true });
  }
}

function toBox(value: unknown, resolve: (value: unknown) => unknown): Box | undefined {
  if (!Array.isArray(value) || value.length !== 4) return undefined;
  const numbers = value.map(resolve);
  if (!numbers.every((n): n is number => typeof n === 'number' && Number.isFinite(n))) return undefined;
  const [x0, y0, x1, y1] = numbers as Box;
  return Math.abs(x1 - x0) >= 1 && Math.abs(y1 - y0) >= 1 ? [x0, y0, x1, y1] : undefined;
}

/** A valid one-page PDF with nothing on the page. */
export function blankPdf(width: number, height: number): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << >> >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
