import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest } from '../testing/test-job.js';
import { type BookmarkSource, type SourceOutline, addBookmarks as addToFile } from '@paperknife/qpdf-jobs/bookmarks';
import { diskPath, serverSession } from './qpdf-child-runner.js';

const job = jobPerTest();

/**
 * The shared bookmarks' update (`@paperknife/qpdf-jobs/bookmarks`) on a file on disk, through the server's runner:
 * appended to the file itself, or to a rewritten copy.
 */
async function addBookmarks(sources: readonly BookmarkSource[], path: string): Promise<string> {
  return diskPath(await addToFile(serverSession(job.context), sources, { path }));
}

interface Outline {
  title: string;
  dest: unknown;
  destpageposfrom1: number | null;
  open: boolean;
  kids: Outline[];
}

/** The outline as qpdf reads it back: title, page, open state, view, children. */
function readBack(path: string): unknown[] {
  const json = spawnSync('qpdf', ['--json=2', '--json-key=outlines', path], { encoding: 'utf8' });
  expect(json.status).toBe(0);
  const shape = (item: Outline): unknown => ({
    title: item.title,
    page: item.destpageposfrom1,
    ...(item.kids.length > 0 ? { open: item.open, kids: item.kids.map(shape) } : {}),
    view: Array.isArray(item.dest) ? item.dest.slice(1) : null,
  });
  return (JSON.parse(json.stdout) as { outlines: Outline[] }).outlines.map(shape);
}

const item = (title: string, page: number | null, kids: Outline[] = [], dest?: unknown[]): Outline => ({
  title,
  dest: page === null ? null : (dest ?? ['0 0 R', '/Fit']),
  destpageposfrom1: page,
  open: true,
  kids,
});

/** A document qpdf built from `pages` numbered pages, as merge and organize build theirs. */
async function built(pages: number, extraArgs: string[] = []): Promise<string> {
  const input = await job.input(
    'pages.pdf',
    makePdf({ pages: Array.from({ length: pages }, (_, i) => ({ text: [`P${i + 1}`] })) }),
  );
  const output = `${input.path}-built.pdf`;
  const run = spawnSync('qpdf', ['--empty', '--pages', input.path, '1-z', '--', ...extraArgs, output]);
  expect(run.status).toBe(0);
  return output;
}

describe('addBookmarks', () => {
  it('appends nested bookmarks in any script with their views, and the file stays valid', async () => {
    const path = await built(4);
    const before = await readFile(path);
    const closed = { ...item('Closed — 閉じた', 3, [item('Inside', 4)]), open: false };
    const outline: SourceOutline = {
      pageRefs: [],
      items: [
        item('Überblick 😀 (first)', 1, [item('Détails \\ ) (', 2, [], ['0 0 R', '/XYZ', 36.25, 700, null])]),
        closed,
        item('No target', null),
      ],
    };
    const result = await addBookmarks([{ outline, outputPage: (page) => page }], path);

    expect(result).toBe(path);
    const after = await readFile(path);
    // An incremental update: the bytes qpdf wrote are kept as they were.
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    assertValidPdf(path);
    expect(pdfPageTexts(path)).toEqual(['P1', 'P2', 'P3', 'P4']);
    expect(readBack(path)).toEqual([
      {
        title: 'Überblick 😀 (first)',
        page: 1,
        open: true,
        kids: [{ title: 'Détails \\ ) (', page: 2, view: ['/XYZ', 36.25, 700, null] }],
        view: ['/Fit'],
      },
      {
        title: 'Closed — 閉じた',
        page: 3,
        open: false,
        kids: [{ title: 'Inside', page: 4, view: ['/Fit'] }],
        view: ['/Fit'],
      },
      { title: 'No target', page: null, view: null },
    ]);
  });

  it('moves bookmarks with their pages and keeps a parent whose child stayed', async () => {
    const path = await built(2);
    const outline: SourceOutline = {
      pageRefs: [],
      items: [item('Gone', 1), item('Parent gone', 2, [item('Child kept', 3)]), item('Kept', 4)],
    };
    // Source pages 3 and 4 (0-based 2, 3) became pages 2 and 1; pages 1 and 2 were left out.
    const outputPage = (page: number) => ({ 2: 1, 3: 0 })[page];
    await addBookmarks([{ outline, outputPage }], path);
    assertValidPdf(path);
    expect(readBack(path)).toEqual([
      {
        title: 'Parent gone',
        page: null,
        open: true,
        kids: [{ title: 'Child kept', page: 2, view: ['/Fit'] }],
        view: null,
      },
      { title: 'Kept', page: 1, view: ['/Fit'] },
    ]);
  });

  it('leaves the file as it is when no source has a bookmark', async () => {
    const path = await built(2);
    const before = await readFile(path);
    expect(await addBookmarks([{ outline: { items: [], pageRefs: [] }, outputPage: (page) => page }], path)).toBe(path);
    expect((await readFile(path)).equals(before)).toBe(true);
  });

  it('rewrites a file with object streams once, then appends', async () => {
    const path = await built(3, ['--object-streams=generate']);
    const outline: SourceOutline = { pageRefs: [], items: [item('Three', 3)] };
    const result = await addBookmarks([{ outline, outputPage: (page) => page }], path);
    expect(result).not.toBe(path);
    assertValidPdf(result);
    expect(readBack(result)).toEqual([{ title: 'Three', page: 3, view: ['/Fit'] }]);
  });

  it('leaves out view values that are not numbers, null or plain names', async () => {
    const path = await built(1);
    const odd = item('Odd view', 1, [], ['0 0 R', '/XYZ', '5 0 R', 1e12, 'u:text', '/A#20B', 10]);
    await addBookmarks([{ outline: { pageRefs: [], items: [odd] }, outputPage: (page) => page }], path);
    assertValidPdf(path);
    expect(readBack(path)).toEqual([{ title: 'Odd view', page: 1, view: ['/XYZ', 10] }]);
  });
});
