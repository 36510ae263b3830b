import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FormField } from '@paperknife/catalog/pdf-form-fields';
import { runFromSources } from '../from-sources.js';

/**
 * Fill PDF forms over the corpus and at scale: `npm run forms --workspace bench` (or
 * `node --import tsx bench/forms/run.ts [--only=name,name] [--rows=N] [--verbose]`; `--verbose` lists each text field
 * not found drawn, with what pdftotext read in its box).
 *
 * 1. Every corpus PDF with form fields is filled with generated values of each field's kind (text, comb digits, an ISO
 *    date, the last option of a choice or radio group, checkboxes checked). The values are read back with MuPDF and
 *    compared; for text fields, pdftotext must find the text inside the field's rectangle, and pdftoppm must draw
 *    something new there (pixels that differ from the unfilled page). Files without fields, XFA-only forms and
 *    encrypted files are listed with the answer they got.
 * 2. Bulk: a generated form filled from a CSV of N rows (default 1,000) into a ZIP and into one merged PDF, timed
 *    against the 60 s the issue allows.
 * Prints two tables; asserts nothing.
 */

runFromSources(import.meta.url);

const { defaultLimits } = await import('@paperknife/catalog/limits');
const { ToolError } = await import('@paperknife/catalog/errors');
const { parseToolOptions } = await import('@paperknife/catalog/tool-options');
const { closeMupdfPool, engineTools, listFormFieldsOf } = await import('@paperknife/engine');
const { corpusDir, corpusPresent } = await import('@paperknife/engine/testing/corpus');
const { formValuesOf } = await import('@paperknife/engine/testing/form-values');
const { makeFormPdf } = await import('@paperknife/engine/testing/make-form-pdf');
const { onlyArgument, requirePrograms } = await import('../engine/measure.js');
const { table } = await import('../table.js');

requirePrograms(['pdftotext', 'pdftoppm']);

const only = onlyArgument();
const verbose = process.argv.includes('--verbose');
const rowCount = Number(process.argv.find((arg) => arg.startsWith('--rows='))?.slice('--rows='.length) ?? 1000);
const limits = { ...defaultLimits, jobTimeoutMs: 600_000 };
const signal = new AbortController().signal;
const scratch = await mkdtemp(join(tmpdir(), 'paperknife-bench-forms-'));
let jobs = 0;

async function context() {
  const workDir = join(scratch, `job-${++jobs}`);
  await (await import('node:fs/promises')).mkdir(workDir);
  return { workDir, limits, signal };
}

const ISO_DATE = '2024-03-09';

/** A value that fits the field, and what MuPDF should read back; undefined for fields not to fill. */
function generated(field: FormField, index: number): { value: string | boolean; expected: string } | undefined {
  if (field.readOnly) return undefined;
  switch (field.type) {
    case 'checkbox':
      return { value: true, expected: field.options[0] ?? 'Yes' };
    case 'radio':
    case 'list':
    case 'combo': {
      const option = field.options.at(-1);
      return option === undefined ? undefined : { value: option, expected: option };
    }
    case 'comb': {
      const digits = '1234567890'.repeat(4).slice(0, field.maxLength ?? 5);
      return { value: digits, expected: digits };
    }
    case 'date':
      return { value: ISO_DATE, expected: '' };
    case 'text':
    case 'multiline': {
      const text = `Bench ${index + 1}`.slice(0, field.maxLength ?? 100);
      return { value: text, expected: text };
    }
    default:
      return undefined;
  }
}

function textInRect(path: string, page: number, rect: readonly number[], dpi = 72): string {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = rect;
  const args = ['-f', `${page}`, '-l', `${page}`, '-r', `${dpi}`, '-x', `${Math.floor(x0)}`, '-y', `${Math.floor(y0)}`];
  args.push('-W', `${Math.ceil(x1 - x0) + 1}`, '-H', `${Math.ceil(y1 - y0) + 1}`);
  return spawnSync('pdftotext', [...args, path, '-'], { encoding: 'utf8' })
    .stdout.replace(/\s+/g, ' ')
    .trim();
}

/** The field rectangle of a page as gray pixels (pdftoppm, 72 dpi). */
function pixelsInRect(path: string, page: number, rect: readonly number[]): Buffer {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = rect;
  const args = ['-f', `${page}`, '-l', `${page}`, '-r', '72', '-gray', '-x', `${Math.floor(x0)}`];
  args.push('-y', `${Math.floor(y0)}`, '-W', `${Math.ceil(x1 - x0) + 1}`, '-H', `${Math.ceil(y1 - y0) + 1}`);
  return spawnSync('pdftoppm', [...args, path], { maxBuffer: 64 << 20 }).stdout;
}

/** A field's box with room around it: a small field's text may be drawn past its edges (tiny LibreOffice boxes). */
const around = ([x0 = 0, y0 = 0, x1 = 0, y1 = 0]: readonly number[]) => [x0 - 2, y0 - 8, x1 + 2, y1 + 8];

/**
 * Whether the text read in a field's box shows the value: whole, or cut at the box's edges where the form's fixed
 * font size makes it wider than the box (a viewer clips it so too: "Bench 12" in a 21 pt box of 8 pt type reads
 * "ench 12"), five characters of it at least.
 */
function shows(found: string, value: string): boolean {
  if (found.includes(value)) return true;
  for (let length = value.length - 1; length >= 5; length--) {
    for (let start = 0; start + length <= value.length; start++) {
      if (found.includes(value.slice(start, start + length))) return true;
    }
  }
  return false;
}

const differs = (a: Buffer, b: Buffer) => a.length !== b.length || a.some((byte, at) => Math.abs(byte - b[at]!) > 32);

const corpusRows: string[][] = [];
if (!corpusPresent()) console.log('The shared corpus is not here: the corpus table is skipped.');
else {
  const folder = join(corpusDir, 'pdf');
  for (const name of readdirSync(folder)
    .filter((file) => file.endsWith('.pdf'))
    .sort()) {
    if (only && !only.includes(name)) continue;
    const path = join(folder, name);
    const upload = { path, name, size: statSync(path).size };
    let fields: FormField[];
    try {
      fields = (await listFormFieldsOf(upload, await context())).fields;
    } catch (error) {
      if (error instanceof ToolError) corpusRows.push([name, '-', '-', '-', '-', error.code]);
      else throw error;
      continue;
    }
    if (fields.length === 0) continue;
    const plan = fields.flatMap((field, index) => {
      const value = generated(field, index);
      return value ? [{ field, ...value }] : [];
    });
    const started = performance.now();
    let result: string;
    try {
      const options = parseToolOptions('fill-pdf', {
        values: Object.fromEntries(plan.map((p) => [p.field.name, p.value])),
      });
      result = (await engineTools['fill-pdf']([upload], options, await context())).path;
    } catch (error) {
      corpusRows.push([name, String(fields.length), String(plan.length), '-', '-', String((error as Error).message)]);
      continue;
    }
    const ms = performance.now() - started;
    const read = formValuesOf(result);
    const roundTrip = plan.filter((p) =>
      p.expected === '' ? read[p.field.name] !== '' : read[p.field.name] === p.expected,
    );
    const texts = plan.filter((p) => p.field.type === 'text' || p.field.type === 'multiline');
    const drawn = texts.filter((p) => {
      const widget = p.field.widgets[0]!;
      const box = around(widget.rect);
      const found = textInRect(result, widget.page, box);
      const pixels = differs(pixelsInRect(path, widget.page, box), pixelsInRect(result, widget.page, box));
      const ok = shows(found, String(p.value)) && pixels;
      if (!ok && verbose) {
        const where = `page ${widget.page} [${widget.rect.map(Math.round).join(' ')}]`;
        console.log(
          `  ${name}: ${p.field.name} (${p.field.type}) at ${where}: read "${found}", pixels changed: ${pixels}`,
        );
      }
      return ok;
    });
    corpusRows.push([
      name,
      String(fields.length),
      String(plan.length),
      `${roundTrip.length}/${plan.length}`,
      `${drawn.length}/${texts.length}`,
      `${Math.round(ms)} ms`,
    ]);
  }
  console.log('\nFill PDF forms over the corpus: generated values read back, text fields drawn in their boxes\n');
  console.log(table(['file', 'fields', 'filled', 'read back', 'drawn', 'time / answer'], corpusRows));
}

// Bulk: one CSV row per copy, into a ZIP and into one merged PDF.
const form = join(scratch, 'bulk-form.pdf');
writeFileSync(form, makeFormPdf());
const csv = join(scratch, 'rows.csv');
const lines = ['name,address,zip,agree,colour,country,size,birthday'];
for (let row = 1; row <= rowCount; row++) {
  lines.push(
    `Person ${row},"${row} Main Street\nSpringfield",${String(row).padStart(5, '0')},${row % 2 ? 'yes' : 'no'},${row % 2 ? 'red' : 'blue'},Japan,Medium,2024-03-09`,
  );
}
writeFileSync(csv, `${lines.join('\n')}\n`);
const bulkRows: string[][] = [];
for (const bulkOutput of ['zip', 'merged'] as const) {
  const started = performance.now();
  const files = [
    { path: form, name: 'bulk-form.pdf', size: statSync(form).size },
    { path: csv, name: 'rows.csv', size: statSync(csv).size },
  ];
  const answer = await engineTools['fill-pdf'](files, parseToolOptions('fill-pdf', { bulkOutput }), await context());
  const seconds = (performance.now() - started) / 1000;
  const size = statSync(answer.path).size;
  bulkRows.push([
    bulkOutput,
    String(rowCount),
    `${seconds.toFixed(1)} s`,
    `${(size / 1024 / 1024).toFixed(1)} MB`,
    seconds < 60 ? 'yes' : 'NO',
  ]);
}
console.log(`\nBulk fill of a generated 8-field form from a CSV of ${rowCount} rows\n`);
console.log(table(['output', 'rows', 'time', 'size', 'under 60 s'], bulkRows));

await closeMupdfPool();
await rm(scratch, { recursive: true, force: true });
