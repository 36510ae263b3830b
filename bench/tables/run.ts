import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFromSources } from '../from-sources.js';
import { timedRun } from '../measures.js';

/**
 * Table detection and PDF to Excel: `node --import tsx bench/tables/run.ts [--tables=N] [--seed=S] [--only=name]
 * [--keep] [--verbose] [--one-page-per-sheet]`. Three parts, one run, each printing a table; asserts nothing.
 *
 * 1. Generated tables (generated-tables.ts): N seeded tables of every shape (ruled, partly ruled, borderless,
 *    merged header cells, wrapping cells, over a page break with the header repeated, pages turned by /Rotate), each
 *    converted with one sheet per table; a table counts as found when a sheet holds exactly its cells (same places,
 *    same values, same merges). Target: >= 98 % of each kind.
 * 2. The corpus's spreadsheets through our Excel to PDF, then back through our PDF to Excel, beside LibreOffice's
 *    own `soffice --convert-to xlsx` of the same PDF: cell accuracy (the share of the original's non-empty cells,
 *    as LibreOffice displays them, that the workbook holds with the same text or value), over the cells the PDF
 *    shows (its text as MuPDF reads it within the clip holds theirs from word edge to word edge, once for each time
 *    it shows it: hidden rows, sheets left out of the print and text cut off at a cell's or the print range's edge
 *    are not there to find) and over all; sheets found with the original's row and column counts; time and peak
 *    memory. Accuracy is taken from one sheet per page, the tool's default, which keeps the text around the tables;
 *    sheets found from one sheet per table. Target: cell accuracy >= 0.95.
 * 3. A generated 50-page table-heavy PDF: time and peak memory of the conversion in a process of its own. Target:
 *    under 5 s and 300 MB.
 */

runFromSources(import.meta.url);

const mupdf = await import('mupdf');
const { defaultLimits } = await import('@paperknife/catalog/limits');
const { parseToolOptions } = await import('@paperknife/catalog/tool-options');
const { ToolError } = await import('@paperknife/catalog/errors');
const { closeLibreOffice, closeMupdfPool, engineTools } = await import('@paperknife/engine');
const { corpusDir, corpusPresent } = await import('@paperknife/engine/testing/corpus');
const { makeTablePdf } = await import('@paperknife/engine/testing/table-fixtures');
const { readWorkbook } = await import('@paperknife/engine/testing/xlsx-cells');
const { cellValue, documentLocale } = await import('../../packages/engine/src/tables/cell-values.js');
const { median } = await import('../../packages/engine/src/tables/table-model.js');
const { writeExcelWorkbook } = await import('../../packages/engine/src/tables/excel-workbook-task.js');
const { caseKinds, generatedCase } = await import('./generated-tables.js');
const { onlyArgument, requirePrograms } = await import('../engine/measure.js');
const { table } = await import('../table.js');

type ReadSheet = ReturnType<typeof readWorkbook>[number];
type Value = ReturnType<typeof cellValue>;

requirePrograms(['soffice', '/usr/bin/time']);
const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const count = Number(argument('tables') ?? 700);
const seed = Number(argument('seed') ?? 1);
const only = onlyArgument();
const keep = process.argv.includes('--keep');
/** `--verbose`: each file's cells the PDF shows that the workbook does not hold (the first 40). */
const verbose = process.argv.includes('--verbose');
/**
 * `--one-page-per-sheet`: Excel to PDF puts each sheet on one page sized to fit it (its option) rather than the
 * printed pages of the sheet's own setup, which cut a wide sheet's columns, and cells' text, at the page edges.
 */
const onePagePerSheet = process.argv.includes('--one-page-per-sheet');
const scratch = await mkdtemp(join(tmpdir(), 'paperknife-bench-tables-'));
const convertScript = fileURLToPath(new URL('./convert.ts', import.meta.url));
const limits = { ...defaultLimits, jobTimeoutMs: 600_000 };
const signal = new AbortController().signal;

const sameValue = (a: Value, b: string | { number: number; format: string } | undefined) => {
  if (b === undefined) return a.kind === 'text' && a.text === '';
  if (a.kind === 'text') return typeof b === 'string' && b.replace(/\s+/g, ' ').trim() === a.text;
  return typeof b !== 'string' && Math.abs(a.value - b.number) <= 1e-9 * Math.max(1, Math.abs(a.value));
};

const ref = (row: number, column: number) => `${String.fromCharCode(65 + column)}${row + 1}`;
const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);

// 1. Generated tables.
{
  const found = new Map(caseKinds.map((kind) => [kind, { found: 0, total: 0, failed: [] as number[] }]));
  const folder = join(scratch, 'generated');
  await mkdir(folder, { recursive: true });
  const started = performance.now();
  for (let index = 0; index < count; index++) {
    const generated = generatedCase(seed, index);
    const input = join(folder, `table-${index}.pdf`);
    const output = join(folder, `table-${index}.xlsx`);
    await writeFile(input, makeTablePdf(generated.pages));
    await writeExcelWorkbook({ input, output, sheets: 'per-table' });
    const sheets = readWorkbook(readFileSync(output));
    const locale = documentLocale(generated.cells.flat());
    const expectedMerges = generated.merges.map(
      (merge) =>
        `${ref(merge.row, merge.column)}:${ref(merge.row + merge.rowSpan - 1, merge.column + merge.columnSpan - 1)}`,
    );
    const exact = (sheet: ReadSheet) => {
      const expected = generated.cells.flatMap((row, r) =>
        row.map((text, c) => ({ at: ref(r, c), value: cellValue(text, locale) })),
      );
      const filled = expected.filter(({ value }) => value.kind === 'number' || value.text !== '').length;
      return (
        Object.keys(sheet.cells).length === filled &&
        expected.every(({ at, value }) => sameValue(value, sheet.cells[at])) &&
        [...sheet.merges].sort().join() === [...expectedMerges].sort().join()
      );
    };
    const score = found.get(generated.kind)!;
    score.total++;
    if (sheets.some(exact)) score.found++;
    else score.failed.push(index);
    if (!keep) await Promise.all([rm(input), rm(output)]);
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = [...found].map(([kind, score]) => [
    kind,
    String(score.total),
    String(score.found),
    percent(score.found, score.total),
    score.failed.slice(0, 6).join(' '),
  ]);
  const all = [...found.values()].reduce(
    (sum, score) => ({ found: sum.found + score.found, total: sum.total + score.total }),
    {
      found: 0,
      total: 0,
    },
  );
  rows.push(['all', String(all.total), String(all.found), percent(all.found, all.total), '']);
  console.log(`\nGenerated tables (seed ${seed}, ${seconds.toFixed(1)} s): found with the exact grid\n`);
  console.log(table(['kind', 'tables', 'exact', 'share', 'first missed (case numbers)'], rows));
}

/** A CSV file's rows (RFC 4180 quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (char !== '\r') cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** An original sheet's non-empty cells as LibreOffice prints them, and its used rows and columns. */
interface OriginalSheet {
  cells: string[];
  rows: number;
  columns: number;
}

/** Each sheet of a spreadsheet as CSV of its displayed text (LibreOffice's all-sheets CSV export). */
async function originalSheets(path: string, folder: string): Promise<OriginalSheet[]> {
  const out = join(folder, 'csv');
  spawnSync('soffice', [
    `-env:UserInstallation=file://${join(scratch, 'lo-profile')}`,
    '--headless',
    '--convert-to',
    'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1',
    '--outdir',
    out,
    path,
  ]);
  if (!existsSync(out)) return [];
  return readdirSync(out)
    .sort()
    .map((name) => {
      const rows = parseCsv(readFileSync(join(out, name), 'utf8')).map((row) => row.map((cell) => cell.trim()));
      const used = rows.filter((row) => row.some((cell) => cell !== ''));
      const columns = Math.max(0, ...used.map((row) => row.reduce((last, cell, i) => (cell !== '' ? i + 1 : last), 0)));
      return { cells: used.flat().filter((cell) => cell !== ''), rows: used.length, columns };
    });
}

/** The PDF's text without white space, and whether a word edge stands before each of its characters. */
interface ShownText {
  text: string;
  /** Whether a word edge stands before the character at each index (and at the end, text.length). */
  edges: boolean[];
}

/** White between two glyphs wider by this (points) than the line's usual white between glyphs is a word edge. */
const GLYPH_EDGE_GAP = 0.1;

/**
 * The PDF's text as a viewer shows it, to tell which of the original's cells it shows, and where its words start
 * and end. MuPDF's reading leaves out what lies outside its clip: a cell's text running past the print range's edge
 * is cut there (and drawn again on the next page), and pdftotext, which ignores clipping, counted such cells as
 * shown whole. A cell counts as shown only where its text starts and ends at a word's edge (white space, a new
 * line, or white between two glyphs): "2.6" is no cell shown in "62.6", nor "5" in "1,250".
 */
function shownText(pdf: string): ShownText {
  const doc = mupdf.Document.openDocument(readFileSync(pdf), 'application/pdf');
  let text = '';
  const edges: boolean[] = [];
  type Glyph = { char: string; x0: number; x1: number };
  let line: Glyph[] = [];
  // A line's glyphs: an edge at its start, at white space, and where glyphs stand further apart than its letters do.
  const endLine = () => {
    const gaps = line.slice(1).map((glyph, index) => {
      const last = line[index]!;
      // Right-to-left text comes in reading order too: the gap is measured either way.
      return /\s/u.test(glyph.char) || /\s/u.test(last.char) ? NaN : Math.max(glyph.x0 - last.x1, last.x0 - glyph.x1);
    });
    const usual = median(gaps.filter(Number.isFinite));
    let edge = true;
    line.forEach((glyph, index) => {
      if (/\s/u.test(glyph.char)) {
        edge = true;
        return;
      }
      if (index > 0 && gaps[index - 1]! > usual + GLYPH_EDGE_GAP) edge = true;
      for (let unit = 0; unit < glyph.char.length; unit++) {
        edges.push(edge);
        edge = false;
      }
      text += glyph.char;
    });
    line = [];
  };
  try {
    for (let index = 0; index < doc.countPages(); index++) {
      const page = doc.loadPage(index);
      const stext = page.toStructuredText('preserve-whitespace');
      stext.walk({
        beginLine: () => {
          line = [];
        },
        onChar: (char, _origin, _font, _size, quad) => {
          line.push({ char, x0: Math.min(quad[0], quad[4]), x1: Math.max(quad[2], quad[6]) });
        },
        endLine,
      });
      stext.destroy();
      page.destroy();
    }
    edges.push(true);
    return { text, edges };
  } finally {
    doc.destroy();
  }
}

/** How many times the PDF shows `cell`'s text from one word edge to another. */
function timesShown(shown: ShownText, cell: string): number {
  const wanted = cell.replace(/\s+/g, '');
  if (wanted === '') return 0;
  let times = 0;
  for (let at = shown.text.indexOf(wanted); at >= 0; at = shown.text.indexOf(wanted, at + 1)) {
    if (shown.edges[at] && shown.edges[at + wanted.length]) times++;
  }
  return times;
}

/**
 * Share of the original's cells (those `shown`, and all) the workbook holds, each of its cells matched once. A text
 * the PDF shows n times counts as shown for n of the cells that hold it (twelve cells of "3" on a page showing two
 * are two cells shown); shown cells are matched first.
 */
function accuracy(originals: readonly OriginalSheet[], workbook: readonly ReadSheet[], shown: ShownText) {
  const all = originals.flatMap((sheet) => sheet.cells);
  const locale = documentLocale(all);
  const pool = workbook.flatMap((sheet) => Object.values(sheet.cells));
  const left = new Map<string, number>();
  const visible = all.map((text) => {
    const key = text.replace(/\s+/g, '');
    const times = left.get(key) ?? timesShown(shown, text);
    left.set(key, times - 1);
    return times > 0;
  });
  const order = all.map((_, index) => index).sort((a, b) => Number(visible[b]) - Number(visible[a]));
  const used = new Set<number>();
  const missed: string[] = [];
  let matched = 0;
  let matchedShown = 0;
  const countShown = visible.filter(Boolean).length;
  for (const index of order) {
    const text = all[index]!;
    const value = cellValue(text, locale);
    const at = pool.findIndex((cell, cellIndex) => !used.has(cellIndex) && sameValue(value, cell));
    if (at < 0) {
      if (verbose && visible[index]) missed.push(text);
      continue;
    }
    used.add(at);
    matched++;
    if (visible[index]) matchedShown++;
  }
  if (missed.length > 0)
    console.log(
      `  cells shown but not found (${missed.length}): ${missed
        .slice(0, 40)
        .map((text) => JSON.stringify(text))
        .join(' ')}`,
    );
  return {
    all: all.length === 0 ? NaN : matched / all.length,
    shown: countShown === 0 ? NaN : matchedShown / countShown,
    shownCells: countShown,
  };
}

/** Sheets of the original whose used rows and columns a sheet of the workbook has. */
function sheetsFound(originals: readonly OriginalSheet[], workbook: readonly ReadSheet[]) {
  const shape = (sheet: ReadSheet) => {
    const refs = Object.keys(sheet.cells).map((key) => /([A-Z]+)(\d+)/.exec(key)!);
    const rows = new Set(refs.map((match) => Number(match[2])));
    const columns = Math.max(0, ...refs.map((match) => match[1]!.charCodeAt(0) - 64));
    return `${rows.size}x${columns}`;
  };
  const shapes = workbook.map(shape);
  const tables = originals.filter(
    (sheet) => sheet.rows > 0 && shapes.includes(`${sheet.rows}x${sheet.columns}`),
  ).length;
  return { tables, sheets: originals.filter((s) => s.rows > 0).length };
}

// 2. The corpus's spreadsheets, round trip.
if (corpusPresent()) {
  const folder = join(corpusDir, 'office');
  const names = readdirSync(folder)
    .filter((name) => ['.xlsx', '.xls', '.ods', '.csv'].includes(extname(name)))
    .filter((name) => !only || only.includes(basename(name, extname(name))))
    .sort();
  const rows: string[][] = [];
  const sums = { ours: [] as number[], oursAll: [] as number[], libreoffice: [] as number[] };
  let libreofficeImports = false;
  for (const name of names) {
    const work = join(scratch, basename(name, extname(name)));
    await mkdir(work, { recursive: true });
    const originals = await originalSheets(join(folder, name), work);
    let pdf: string;
    try {
      const upload = join(folder, name);
      const file = { path: upload, name, size: (await stat(upload)).size };
      const result = await engineTools['excel-to-pdf'](
        [file],
        parseToolOptions('excel-to-pdf', { onePagePerSheet: String(onePagePerSheet) }),
        {
          workDir: work,
          limits,
          signal,
        },
      );
      pdf = result.path;
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      rows.push([name, `excel-to-pdf: ${error.code}`]);
      continue;
    }
    const convert = (output: string, layout: 'per-page' | 'per-table') =>
      timedRun(process.execPath, ['--conditions=source', '--import', 'tsx', convertScript, pdf, output, layout]);
    const oursPath = join(work, 'ours.xlsx');
    const ours = await convert(oursPath, 'per-page');
    const perTablePath = join(work, 'ours-per-table.xlsx');
    const perTable = await convert(perTablePath, 'per-table');
    const libreofficeFolder = join(work, 'libreoffice');
    const libreoffice = await timedRun('soffice', [
      `-env:UserInstallation=file://${join(scratch, 'lo-profile')}`,
      '--headless',
      '--convert-to',
      'xlsx',
      '--outdir',
      libreofficeFolder,
      pdf,
    ]);
    const libreofficePath = join(libreofficeFolder, `${basename(pdf, '.pdf')}.xlsx`);
    const shown = shownText(pdf);
    const oursScore = ours.ok ? accuracy(originals, readWorkbook(readFileSync(oursPath)), shown) : undefined;
    const oursSheets = perTable.ok ? sheetsFound(originals, readWorkbook(readFileSync(perTablePath))) : undefined;
    const libreofficeWorkbook =
      libreoffice.ok && existsSync(libreofficePath) ? readWorkbook(readFileSync(libreofficePath)) : undefined;
    const libreofficeScore = libreofficeWorkbook && accuracy(originals, libreofficeWorkbook, shown);
    const libreofficeSheets = libreofficeWorkbook && sheetsFound(originals, libreofficeWorkbook);
    libreofficeImports ||= libreofficeScore !== undefined;
    if (oursScore) {
      sums.ours.push(oursScore.shown);
      sums.oursAll.push(oursScore.all);
    }
    if (libreofficeScore) sums.libreoffice.push(libreofficeScore.shown);
    const cells = originals.reduce((sum, sheet) => sum + sheet.cells.length, 0);
    rows.push([
      name,
      `${oursScore?.shownCells ?? '-'}/${cells}`,
      oursScore ? oursScore.shown.toFixed(3) : 'failed',
      oursScore ? oursScore.all.toFixed(3) : 'failed',
      oursSheets ? `${oursSheets.tables}/${oursSheets.sheets}` : '-',
      `${ours.seconds.toFixed(1)} s`,
      `${Math.round(ours.peakMb)} MB`,
      libreofficeScore ? libreofficeScore.shown.toFixed(3) : 'no import',
      libreofficeSheets ? `${libreofficeSheets.tables}/${libreofficeSheets.sheets}` : '-',
    ]);
  }
  const mean = (values: number[]) => {
    const finite = values.filter(Number.isFinite);
    return finite.length === 0 ? '-' : (finite.reduce((a, b) => a + b, 0) / finite.length).toFixed(3);
  };
  rows.push(['mean', '', mean(sums.ours), mean(sums.oursAll), '', '', '', mean(sums.libreoffice), '']);
  console.log('\nCorpus spreadsheets: our Excel to PDF, then our PDF to Excel beside LibreOffice\n');
  console.log(
    table(
      [
        'file',
        'cells shown/all',
        'ours: accuracy (shown)',
        '(all)',
        'sheets found',
        'time',
        'peak',
        'LibreOffice: accuracy',
        'sheets found',
      ],
      rows,
    ),
  );
  if (!libreofficeImports) {
    console.log(
      '\nLibreOffice has no PDF import for spreadsheets: `soffice --convert-to xlsx` of a PDF writes nothing.',
    );
  }
} else console.warn(`\nNo corpus at ${corpusDir}: the round trip is left out.`);

// 3. A 50-page table-heavy PDF.
{
  const pages = Array.from({ length: 50 }, (_, index) => generatedCase(seed + 7, index * 7 + (index % 3)).pages[0]!);
  const input = join(scratch, 'fifty-pages.pdf');
  await writeFile(input, makeTablePdf(pages));
  const output = join(scratch, 'fifty-pages.xlsx');
  const run = await timedRun(process.execPath, [
    '--conditions=source',
    '--import',
    'tsx',
    convertScript,
    input,
    output,
    'per-page',
  ]);
  console.log('\nA 50-page table PDF, one conversion in its own process (targets: < 5 s, < 300 MB)\n');
  console.log(
    table(
      ['pages', 'converted', 'time', 'peak memory'],
      [['50', run.ok ? 'yes' : 'no', `${run.seconds.toFixed(2)} s`, `${Math.round(run.peakMb)} MB`]],
    ),
  );
}

await closeMupdfPool();
await closeLibreOffice();
if (keep) console.log(`\nFiles kept in ${scratch}`);
else await rm(scratch, { recursive: true, force: true });
