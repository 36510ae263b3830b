import { ToolError } from '@paperknife/catalog/errors';
import { type PageSpecEntry, organizePages } from '@paperknife/catalog/page-spec';
import type { ToolOptions } from '@paperknife/catalog/tools';
import { type SourceOutline, addBookmarks, outlineOf } from '../bookmarks.js';
import type { QpdfFile } from '../qpdf-runner.js';
import {
  type QpdfSession,
  type SourceDocument,
  lenient,
  outputOf,
  readWhole,
  runChecked,
  withPageCount,
} from '../qpdf-session.js';
import { WRITE_OPTIONS, qpdfPageRange } from '../page-range.js';

/**
 * Builds the new document the page-spec describes in one qpdf run: pages copied from the input (in order,
 * repeats made copies, the rest left out), blank pages spliced in from small hand-written PDFs, and each page
 * turned with `--rotate=+N` on its output position (relative: added to the page's own /Rotate).
 * `--empty` like extract-pages: links and form fields of kept pages come along, and nothing of a deleted page
 * stays behind in the file; bookmarks are carried over afterwards. See docs/decisions/090-organize-page-spec.md.
 * The outline is read beside the document's opening and build.
 */
export async function organizeDocument(
  session: QpdfSession,
  source: SourceDocument,
  options: ToolOptions<'organize-pdf'>,
  maxPages: number,
): Promise<QpdfFile> {
  const outline = outlineOf(session, source);
  outline.catch(() => undefined); // awaited once the document is built
  try {
    return await withPageCount(source, async (pageCount) => {
      const entries = organizePages(options.order, pageCount);
      if (entries.length > maxPages) {
        throw new ToolError(
          'too_many_pages',
          `The new PDF would have ${entries.length} pages; the limit is ${maxPages}. Use fewer copies or blank pages.`,
        );
      }
      return organize(session, source.file, entries, outline);
    });
  } catch (error) {
    // The outline's read writes in the job's folder: it may not outlive the job's answer.
    await outline.catch(() => undefined);
    throw error;
  }
}

/** The organized document, with the input's bookmarks where their pages went. */
async function organize(
  session: QpdfSession,
  input: QpdfFile,
  entries: readonly PageSpecEntry[],
  outline: Promise<SourceOutline>,
): Promise<QpdfFile> {
  const blankFiles = await blankPages(session, input, entries);
  const inputs = new Map<string, QpdfFile>([['input.pdf', input]]);
  for (const { name, file } of blankFiles.values()) inputs.set(name, file);
  const pageArgs: string[] = [];
  let run: number[] = [];
  const flushRun = () => {
    if (run.length > 0) pageArgs.push('input.pdf', qpdfPageRange(run));
    run = [];
  };
  entries.forEach((entry, index) => {
    if (entry.kind === 'page') {
      run.push(entry.page);
      return;
    }
    flushRun();
    pageArgs.push(blankFiles.get(index)!.name, '1');
  });
  flushRun();

  const built = await runChecked(session, {
    args: [...WRITE_OPTIONS, '--empty', '--pages', ...pageArgs, '--', ...rotateArgs(entries), 'organized.pdf'],
    inputs,
    outputs: ['organized.pdf'],
  });

  // A bookmark follows its page to where it first appears; bookmarks of deleted pages go with them.
  const firstPosition = new Map<number, number>();
  entries.forEach((entry, index) => {
    if (entry.kind === 'page' && !firstPosition.has(entry.page)) firstPosition.set(entry.page, index);
  });
  const bookmarks = { outline: await outline, outputPage: (page: number) => firstPosition.get(page + 1) };
  return addBookmarks(session, [bookmarks], outputOf(built, 'organized.pdf'));
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
 * One blank one-page PDF per distinct size, and each blank entry's file. A blank has the size its neighbour shows
 * in the result (its box turned by its own /Rotate plus the turn asked for), upright.
 */
async function blankPages(
  session: QpdfSession,
  input: QpdfFile,
  entries: readonly PageSpecEntry[],
): Promise<Map<number, { name: string; file: QpdfFile }>> {
  const neighbours = blankNeighbours(entries);
  const files = new Map<number, { name: string; file: QpdfFile }>();
  if (neighbours.size === 0) return files;

  const frames = await pageFrames(session, input, [...new Set([...neighbours.values()].map((entry) => entry.page))]);
  const bySize = new Map<string, { name: string; file: QpdfFile }>();
  for (const [index, neighbour] of neighbours) {
    const frame = frames.get(neighbour.page)!;
    const { width, height } = visibleSize(frame.box, frame.rotate + neighbour.turn);
    const key = `${round(width)}x${round(height)}`;
    let blank = bySize.get(key);
    if (!blank) {
      blank = { name: `blank-${bySize.size + 1}.pdf`, file: { bytes: blankPdf(round(width), round(height)) } };
      bySize.set(key, blank);
    }
    files.set(index, blank);
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
  session: QpdfSession,
  input: QpdfFile,
  pages: readonly number[],
): Promise<Map<number, { box: Box; rotate: number }>> {
  const sorted = [...pages].sort((a, b) => a - b);
  const measured = lenient(session);
  const copied = await runChecked(measured, {
    args: ['--empty', '--pages', 'input.pdf', qpdfPageRange(sorted), '--', 'neighbours.pdf'],
    inputs: new Map([['input.pdf', input]]),
    outputs: ['neighbours.pdf'],
  });
  const described = await runChecked(measured, {
    args: ['--json=2', '--json-stream-data=none', '--json-key=pages', '--json-key=qpdf', 'copy.pdf', 'pages.json'],
    inputs: new Map([['copy.pdf', outputOf(copied, 'neighbours.pdf')]]),
    outputs: ['pages.json'],
  });
  const json = JSON.parse(new TextDecoder().decode(await readWhole(session, outputOf(described, 'pages.json')))) as {
    pages: { object: string }[];
    qpdf: [unknown, Record<string, { value?: unknown }>];
  };
  const objects = json.qpdf[1];
  const resolve = (value: unknown): unknown =>
    typeof value === 'string' && / R$/.test(value) ? objects[`obj:${value}`]?.value : value;
  const frames = new Map<number, { box: Box; rotate: number }>();
  json.pages.forEach((page, index) => {
    const dict = (resolve(page.object) ?? {}) as Record<string, unknown>;
    const box = toBox(resolve(dict['/CropBox']), resolve) ?? toBox(resolve(dict['/MediaBox']), resolve);
    const rotate = resolve(dict['/Rotate']);
    frames.set(sorted[index]!, {
      // A page without a usable box is drawn as US Letter by viewers; the blank follows suit.
      box: box ?? [0, 0, 612, 792],
      rotate: typeof rotate === 'number' ? rotate : 0,
    });
  });
  return frames;
}

function toBox(value: unknown, resolve: (value: unknown) => unknown): Box | undefined {
  if (!Array.isArray(value) || value.length !== 4) return undefined;
  const numbers = value.map(resolve);
  if (!numbers.every((n): n is number => typeof n === 'number' && Number.isFinite(n))) return undefined;
  const [x0, y0, x1, y1] = numbers as Box;
  return Math.abs(x1 - x0) >= 1 && Math.abs(y1 - y0) >= 1 ? [x0, y0, x1, y1] : undefined;
}

/** The visible page's width and height: the box turned by a /Rotate (a multiple of 90, rounded so). */
function visibleSize(box: Box, rotate: number): { width: number; height: number } {
  const width = Math.abs(box[2] - box[0]);
  const height = Math.abs(box[3] - box[1]);
  const turned = (((Math.round(rotate / 90) * 90) % 360) + 360) % 360;
  return turned % 180 === 0 ? { width, height } : { width: height, height: width };
}

/** A valid one-page PDF with nothing on the page. */
export function blankPdf(width: number, height: number): Uint8Array {
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
  return new TextEncoder().encode(body);
}
