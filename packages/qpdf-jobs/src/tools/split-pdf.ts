import { type PageSpan, parsePageRanges, resolvePageSpans } from '@paperknife/catalog/page-ranges';
import type { ToolOptions } from '@paperknife/catalog/tools';
import { partName } from '../part-names.js';
import type { QpdfFile } from '../qpdf-runner.js';
import {
  type QpdfSession,
  type SourceDocument,
  checkedBeside,
  outputOf,
  runChecked,
  withPageCount,
} from '../qpdf-session.js';
import { copyPages } from '../copy-pages.js';
import { WRITE_OPTIONS, qpdfSpanRange } from '../page-range.js';

/** One part of a split: the input's pages it holds, and its file. */
export interface SplitPart {
  pages: number[];
  file: QpdfFile;
}

/**
 * Splits into parts: one per page, per range, or every N pages. Ranges are copied at once, one after another, beside
 * the opening that counts the pages (an open end as qpdf's last page); the count then checks them
 * (`page_out_of_range`), and a refusal waits for the copies to end first.
 */
export async function splitDocument(
  session: QpdfSession,
  source: SourceDocument,
  options: ToolOptions<'split-pdf'>,
): Promise<{ parts: SplitPart[]; pageCount: number }> {
  if (options.mode !== 'ranges') {
    const every = options.mode === 'every' ? (options.every ?? 1) : 1;
    return withPageCount(source, async (pageCount) => ({
      parts: await splitEvery(session, source.file, every, pageCount),
      pageCount,
    }));
  }
  const spans = parsePageRanges(options.ranges ?? '');
  const copies = copiedInTurn(session, source.file, spans);
  const { pageCount, groups } = await checkedBeside(
    copies,
    source.opened.then(({ pageCount }) => ({ pageCount, groups: resolvePageSpans(spans, pageCount) })),
  );
  const files = await copies;
  return { parts: groups.map((pages, index) => ({ pages, file: files[index]! })), pageCount };
}

/** Each span copied to a document of its own, one qpdf run at a time. */
async function copiedInTurn(session: QpdfSession, input: QpdfFile, spans: readonly PageSpan[]): Promise<QpdfFile[]> {
  const files: QpdfFile[] = [];
  for (const span of spans) files.push(await copyPages(session, input, qpdfSpanRange([span])));
  return files;
}

/**
 * One qpdf run writes every part (`--split-pages=N`), far faster than one run per part on long documents. qpdf
 * names each part after its page (`part-07.pdf`) or, from two pages a part, its first and last page
 * (`part-05-06.pdf`, `part-07-07.pdf`), zero-padded to the width of the page count: the names are known before the run.
 */
async function splitEvery(
  session: QpdfSession,
  input: QpdfFile,
  every: number,
  pageCount: number,
): Promise<SplitPart[]> {
  const width = String(pageCount).length;
  const number = (page: number) => String(page).padStart(width, '0');
  const parts: { pages: number[]; name: string }[] = [];
  for (let first = 1; first <= pageCount; first += every) {
    const last = Math.min(first + every - 1, pageCount);
    const pages = Array.from({ length: last - first + 1 }, (_, i) => first + i);
    const name = `part-${number(first)}${every === 1 ? '' : `-${number(last)}`}.pdf`;
    parts.push({ pages, name });
  }
  const run = await runChecked(session, {
    args: [...WRITE_OPTIONS, `--split-pages=${every}`, 'input.pdf', 'part-%d.pdf'],
    inputs: new Map([['input.pdf', input]]),
    outputs: parts.map((part) => part.name),
  });
  return parts.map(({ pages, name }) => ({ pages, file: outputOf(run, name) }));
}

/**
 * The parts' names inside the result: after the input and the pages each holds (`report-pages-4-6.pdf`); the same
 * range written twice is numbered (`report-pages-4-6-2.pdf`).
 */
export function partNames(inputName: string, parts: readonly SplitPart[], pageCount: number): string[] {
  const used = new Set<string>();
  return parts.map(({ pages }) => {
    const name = partName(inputName, pages, pageCount, '.pdf');
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) candidate = name.replace(/\.pdf$/, `-${n}.pdf`);
    used.add(candidate);
    return candidate;
  });
}
