import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFromSources } from '../from-sources.js';

/**
 * OCR benchmark: `npm run ocr --workspace bench` (or `node --import tsx bench/ocr/run.ts [--url=http://host:port]
 * [--runs=N] [--only=name,name] [--scans-to=DIR]`, default 2 runs: each side once first).
 *
 * Generated scans: pages of text PDFs rendered at 300 ppi in gray, turned by a slight angle, given sensor noise and
 * stored as JPEG (quality 70), wrapped back into image-only PDFs. The text PDFs are pages of the shared corpus
 * (English, Japanese) and pages of Japanese, Simplified Chinese, Arabic and Russian that the benchmark typesets itself
 * with LibreOffice from the texts in `texts/` (Noto fonts; the CJK ones twice, serif at 11 pt and sans at 10 pt).
 * Each scan goes through OCR PDF (the engine in this process, or a running server's HTTP API with --url) and
 * through plain `ocrmypdf` with the same options (the engine's own `ocrmypdfArguments`, without the Tesseract
 * settings the engine adds: docs/decisions/113). Per document: wall and CPU time, output bytes, and recall and
 * precision of `pdftotext` on each output against the expected text: the corpus page's own text layer, or the
 * typeset text itself (then the "text PDF" column scores pdftotext on the unscanned text PDF, which checks the
 * scoring). Targets: recall >= 98 % on the English scans and >= 95 % on a non-Latin one, time <= 1.1x and bytes
 * <= 1x plain OCRmyPDF. Prints a table; asserts nothing. `--scans-to` keeps the scans and expected texts in DIR.
 */

// The engine is imported from its TypeScript sources, which the "source" export condition selects.
runFromSources(import.meta.url);

const sharp = (await import('sharp')).default;
const { defaultLimits } = await import('@paperknife/catalog/limits');
const { parseToolOptions } = await import('@paperknife/catalog/tool-options');
const { closeMupdfPool, engineTools, ocrJobs, ocrmypdfArguments } = await import('@paperknife/engine');
const { corpusDir, corpusPresent } = await import('@paperknife/engine/testing/corpus');
const { makePdf } = await import('@paperknife/engine/testing/make-pdf');
const { table } = await import('../table.js');
const { onlyArgument, requirePrograms } = await import('../engine/measure.js');

const args = process.argv.slice(2);
const apiUrl = args.find((arg) => arg.startsWith('--url='))?.slice('--url='.length);
const runs = Math.max(1, Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 2));
const scansTo = args.find((arg) => arg.startsWith('--scans-to='))?.slice('--scans-to='.length);
const only = onlyArgument();
const PPI = 300;
const JPEG_QUALITY = 70;

requirePrograms(['ocrmypdf', 'pdftoppm', 'pdftotext', 'soffice']);
if (!corpusPresent()) {
  console.error(`The OCR benchmark scans pages of the shared corpus, which is absent: ${corpusDir}`);
  process.exit(2);
}

/** How found text is cut into the units recall and precision count. */
type Scoring = 'words' | 'characters';

/** A page the benchmark typesets itself: a text of `texts/` in a Noto font. */
interface Typeset {
  /** File name in texts/, without .txt: paragraphs separated by a blank line, the first one a heading. */
  text: string;
  font: string;
  /** Body text size in points. */
  points: number;
  rightToLeft: boolean;
}

interface Source {
  name: string;
  languages: string;
  scoring: Scoring;
  /** A corpus PDF and its pages, whose text layer is the expected text; or a page typeset from a known text. */
  from: { file: string; pages: number[] } | Typeset;
}

const sources: Source[] = [
  {
    name: 'latex',
    languages: 'eng',
    scoring: 'words',
    from: { file: 'pdf/sf-pdflatex-4-pages.pdf', pages: [1, 2, 3] },
  },
  { name: 'two-columns', languages: 'eng', scoring: 'words', from: { file: 'pdf/sf-multicolumn.pdf', pages: [1, 2] } },
  { name: 'tracemonkey', languages: 'eng', scoring: 'words', from: { file: 'pdf/pdfjs-tracemonkey.pdf', pages: [1] } },
  {
    name: 'japanese',
    languages: 'jpn',
    scoring: 'characters',
    from: { file: 'pdf/pdfjs-issue16538-japanese.pdf', pages: [1] },
  },
  {
    name: 'japanese-report',
    languages: 'jpn',
    scoring: 'characters',
    from: { text: 'japanese', font: 'Noto Serif CJK JP', points: 11, rightToLeft: false },
  },
  {
    name: 'japanese-sans',
    languages: 'jpn',
    scoring: 'characters',
    from: { text: 'japanese', font: 'Noto Sans CJK JP', points: 10, rightToLeft: false },
  },
  {
    name: 'chinese',
    languages: 'chi_sim',
    scoring: 'characters',
    from: { text: 'chinese-simplified', font: 'Noto Serif CJK SC', points: 11, rightToLeft: false },
  },
  {
    name: 'chinese-sans',
    languages: 'chi_sim',
    scoring: 'characters',
    from: { text: 'chinese-simplified', font: 'Noto Sans CJK SC', points: 10, rightToLeft: false },
  },
  {
    name: 'arabic',
    languages: 'ara',
    scoring: 'words',
    from: { text: 'arabic', font: 'Noto Naskh Arabic', points: 11, rightToLeft: true },
  },
  {
    name: 'russian',
    languages: 'rus',
    scoring: 'words',
    from: { text: 'russian', font: 'Noto Serif', points: 11, rightToLeft: false },
  },
];

const textsDir = fileURLToPath(new URL('texts/', import.meta.url));

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);

/**
 * One A4 page typeset by LibreOffice from a flat ODF text: 11 pt body, 16 pt bold heading, the font and the
 * writing direction given (LibreOffice shapes Arabic and lays out right-to-left paragraphs itself).
 */
async function typesetPage(typeset: Typeset, name: string, folder: string): Promise<{ pdf: string; text: string }> {
  const text = await readFile(join(textsDir, `${typeset.text}.txt`), 'utf8');
  const paragraphs = text.trim().split(/\n\s*\n/);
  const sizes = (points: number) =>
    `fo:font-size="${points}pt" style:font-size-asian="${points}pt" style:font-size-complex="${points}pt"`;
  const fonts = 'style:font-name="Body" style:font-name-asian="Body" style:font-name-complex="Body"';
  const direction = typeset.rightToLeft
    ? 'style:writing-mode="rl-tb" fo:text-align="start"'
    : 'fo:text-align="justify"';
  const document = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
  xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
  xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
  xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
  office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls><style:font-face style:name="Body" svg:font-family="'${escapeXml(typeset.font)}'"/></office:font-face-decls>
<office:styles>
<style:style style:name="Body" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.25cm" fo:line-height="130%" ${direction}/><style:text-properties ${fonts} ${sizes(typeset.points)}/></style:style>
<style:style style:name="Heading" style:family="paragraph" style:parent-style-name="Body"><style:paragraph-properties fo:margin-bottom="0.5cm" fo:text-align="center"/><style:text-properties ${sizes(16)} fo:font-weight="bold" style:font-weight-asian="bold" style:font-weight-complex="bold"/></style:style>
</office:styles>
<office:automatic-styles><style:page-layout style:name="A4"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="2.5cm" fo:margin-bottom="2.5cm" fo:margin-left="2.5cm" fo:margin-right="2.5cm"/></style:page-layout></office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="A4"/></office:master-styles>
<office:body><office:text>
${paragraphs.map((paragraph, index) => `<text:p text:style-name="${index === 0 ? 'Heading' : 'Body'}">${escapeXml(paragraph)}</text:p>`).join('\n')}
</office:text></office:body></office:document>`;
  const source = join(folder, `${name}.fodt`);
  await writeFile(source, document);
  // A private profile: a LibreOffice already running for someone else would otherwise take the conversion.
  execFileSync('soffice', [
    `-env:UserInstallation=file://${join(folder, 'libreoffice-profile')}`,
    '--headless',
    '--convert-to',
    'pdf',
    '--outdir',
    folder,
    source,
  ]);
  const pdf = join(folder, `${name}.pdf`);
  const pages = execFileSync('qpdf', ['--show-npages', pdf], { encoding: 'utf8' }).trim();
  if (pages !== '1') throw new Error(`${typeset.text}.txt fills ${pages} pages; the benchmark expects one`);
  return { pdf, text };
}

/** Deterministic noise, so every run scans the same pixels. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** One page as a scanner would give it: 300 ppi gray, a slight turn, noise, JPEG. */
async function scanPage(pdf: string, page: number, folder: string, seed: number) {
  const prefix = join(folder, `page-${page}`);
  execFileSync('pdftoppm', [
    '-r',
    String(PPI),
    '-gray',
    '-png',
    '-singlefile',
    '-f',
    String(page),
    '-l',
    String(page),
    pdf,
    prefix,
  ]);
  const angle = (seed % 2 === 0 ? 1 : -1) * (0.4 + (seed % 3) * 0.2);
  const { data, info } = await sharp(`${prefix}.png`)
    .rotate(angle, { background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const random = randomSource(seed);
  const gray = Buffer.alloc(info.width * info.height);
  for (let index = 0; index < gray.length; index++) {
    const value = data[index * info.channels]! + (random() - 0.5) * 36;
    gray[index] = Math.max(0, Math.min(255, Math.round(value)));
  }
  const jpeg = await sharp(gray, { raw: { width: info.width, height: info.height, channels: 1 } })
    // One gray channel in the JPEG too, as the PDF's /DeviceGray says (sharp writes sRGB by default).
    .toColourspace('b-w')
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  const width = (info.width / PPI) * 72;
  const height = (info.height / PPI) * 72;
  return {
    width,
    height,
    text: [],
    image: { jpeg, pixelWidth: info.width, pixelHeight: info.height, x: 0, y: 0, width, height, gray: true },
  };
}

/**
 * The units of `text` that recall and precision count. Both sides are normalised alike: NFKC (Arabic presentation
 * forms and full-width characters become the plain letters), lower case, without format characters (the bidi
 * marks pdftotext writes around right-to-left lines), combining marks (Arabic vowel signs) and the Arabic tatweel.
 * `words`: runs of letters and digits. `characters`: scripts written without spaces (Han, kana) count each
 * character on its own, whatever whitespace OCR puts between them; other runs count as words.
 */
function units(text: string, scoring: Scoring): string[] {
  const normal = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{Cf}\p{Mn}\u0640]/gu, '');
  // Set subtraction (the v flag) keeps a Latin run from swallowing the Han or kana characters next to it.
  const pattern =
    scoring === 'characters'
      ? /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]|[[\p{L}\p{N}]--[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]]+/gv
      : /[\p{L}\p{N}]+/gu;
  return normal.match(pattern) ?? [];
}

/** Recall and precision of the found words against the expected ones, as multisets. */
function score(expected: string[], found: string[]): { recall: number; precision: number } {
  const pool = new Map<string, number>();
  for (const word of found) pool.set(word, (pool.get(word) ?? 0) + 1);
  let matched = 0;
  for (const word of expected) {
    const left = pool.get(word) ?? 0;
    if (left > 0) {
      matched++;
      pool.set(word, left - 1);
    }
  }
  return { recall: matched / Math.max(1, expected.length), precision: matched / Math.max(1, found.length) };
}

function pdfText(path: string, pages?: number[]): string {
  const range = pages ? ['-f', String(Math.min(...pages)), '-l', String(Math.max(...pages))] : [];
  return execFileSync('pdftotext', [...range, path, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

async function oursThroughEngine(input: string, languages: string, folder: string): Promise<string> {
  const workDir = await mkdtemp(join(folder, 'job-'));
  const controller = new AbortController();
  const result = await engineTools['ocr-pdf'](
    [{ path: input, name: 'scan.pdf', size: (await stat(input)).size }],
    parseToolOptions('ocr-pdf', { languages }),
    { workDir, limits: { ...defaultLimits, jobTimeoutMs: 600_000 }, signal: controller.signal },
  );
  return result.path;
}

async function oursThroughApi(input: string, languages: string, folder: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([await readFile(input)], { type: 'application/pdf' }), 'scan.pdf');
  form.append('languages', languages);
  const response = await fetch(`${apiUrl}/functions/v1/ocr-pdf`, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`API answered ${response.status}: ${await response.text()}`);
  const output = join(folder, 'api-output.pdf');
  await writeFile(output, Buffer.from(await response.arrayBuffer()));
  return output;
}

function plainOcrmypdf(input: string, output: string, languages: string, pages: number): void {
  const settings = {
    languages: languages.split('+'),
    pagesWithText: 'skip',
    rotatePages: false,
    deskew: false,
    clean: false,
    pdfa: false,
  } as const;
  execFileSync('ocrmypdf', ['--quiet', ...ocrmypdfArguments(settings, ocrJobs(pages)), input, output]);
}

interface Timed {
  ms: number;
  /** CPU time of the run, or NaN when it ran elsewhere (a server given with --url). */
  cpuMs: number;
  path: string;
}

const clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/**
 * CPU time used so far by this process (all its threads: the engine's MuPDF workers) and by its children once they
 * have ended (OCRmyPDF with its workers, Tesseract and Ghostscript, which each wait for their own). On a shared
 * machine wall time carries everyone else's load; CPU time is closer to the work each side did (Tesseract's OpenMP
 * threads still spin while they wait for a core).
 */
function cpuMsSoFar(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after "pid (name) ": state is the first; utime, stime, cutime and cstime are the 12th to 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, field) => sum + Number(fields[field]), 0);
  return (ticks * 1000) / clockTicksPerSecond;
}

/**
 * Best of `runs` for each side, the two taking turns to go first: on a shared machine the load drifts, and a fixed
 * order would hand it to one side. Wall time and CPU time each keep their own best.
 */
async function bestOfBoth(
  ours: () => Promise<string>,
  plain: () => Promise<string>,
): Promise<{ ours: Timed; plain: Timed }> {
  const fastest = {
    ours: { ms: Number.POSITIVE_INFINITY, cpuMs: Number.POSITIVE_INFINITY, path: '' },
    plain: { ms: Number.POSITIVE_INFINITY, cpuMs: Number.POSITIVE_INFINITY, path: '' },
  };
  const measure = async (side: 'ours' | 'plain', work: () => Promise<string>) => {
    const started = performance.now();
    const cpuBefore = cpuMsSoFar();
    const path = await work();
    const cpuMs = side === 'ours' && apiUrl ? Number.NaN : cpuMsSoFar() - cpuBefore;
    const ms = performance.now() - started;
    if (ms < fastest[side].ms) fastest[side] = { ...fastest[side], ms, path };
    if (!(cpuMs >= fastest[side].cpuMs)) fastest[side].cpuMs = cpuMs;
  };
  for (let run = 0; run < runs; run++) {
    if (run % 2 === 0) {
      await measure('ours', ours);
      await measure('plain', plain);
    } else {
      await measure('plain', plain);
      await measure('ours', ours);
    }
  }
  return fastest;
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const rows: string[][] = [];
const folder = await mkdtemp(join(tmpdir(), 'paperknife-bench-ocr-'));
if (scansTo) await mkdir(scansTo, { recursive: true });
try {
  for (const [index, source] of sources.entries()) {
    if (only && !only.includes(source.name)) continue;
    const typeset = 'text' in source.from ? await typesetPage(source.from, source.name, folder) : undefined;
    const original = typeset ? typeset.pdf : join(corpusDir, (source.from as { file: string }).file);
    const pages = 'pages' in source.from ? source.from.pages : [1];
    const scanPages = [];
    for (const page of pages) scanPages.push(await scanPage(original, page, folder, index * 10 + page));
    const scan = join(folder, `${source.name}-scan.pdf`);
    await writeFile(scan, makePdf({ pages: scanPages }));
    const expectedText = typeset ? typeset.text : pdfText(original, pages);
    const expected = units(expectedText, source.scoring);
    if (scansTo) {
      await copyFile(scan, join(scansTo, `${source.name}-scan.pdf`));
      await writeFile(join(scansTo, `${source.name}-expected.txt`), expectedText);
    }

    const plainOutput = join(folder, `${source.name}-plain.pdf`);
    const { ours, plain } = await bestOfBoth(
      () =>
        apiUrl ? oursThroughApi(scan, source.languages, folder) : oursThroughEngine(scan, source.languages, folder),
      async () => {
        plainOcrmypdf(scan, plainOutput, source.languages, pages.length);
        return plainOutput;
      },
    );
    const found = (path: string) => units(pdfText(path), source.scoring);
    const textPdfScore = typeset ? score(expected, found(original)) : undefined;
    const oursScore = score(expected, found(ours.path));
    const plainScore = score(expected, found(plain.path));
    const oursBytes = (await stat(ours.path)).size;
    const plainBytes = (await stat(plain.path)).size;
    rows.push([
      `${source.name} (${source.languages})`,
      String(pages.length),
      `${expected.length} ${source.scoring === 'words' ? 'w' : 'ch'}`,
      textPdfScore ? percent(textPdfScore.recall) : 'source',
      `${Math.round(ours.ms)} ms`,
      `${Math.round(plain.ms)} ms`,
      (ours.ms / plain.ms).toFixed(2),
      Number.isNaN(ours.cpuMs) ? '-' : `${Math.round(ours.cpuMs)} ms`,
      `${Math.round(plain.cpuMs)} ms`,
      Number.isNaN(ours.cpuMs) ? '-' : (ours.cpuMs / plain.cpuMs).toFixed(2),
      `${(oursBytes / 1024).toFixed(0)} KB`,
      `${(plainBytes / 1024).toFixed(0)} KB`,
      (oursBytes / plainBytes).toFixed(2),
      percent(oursScore.recall),
      percent(plainScore.recall),
      percent(oursScore.precision),
      percent(plainScore.precision),
    ]);
    console.log(`${source.name}: done`);
  }
} finally {
  await closeMupdfPool();
  await rm(folder, { recursive: true, force: true });
}

console.log(
  `\nOCR PDF (${apiUrl ? `HTTP API at ${apiUrl}` : 'engine'}) vs plain ocrmypdf, same options; best of ${runs}\n`,
);
console.log(
  table(
    [
      'scan',
      'pages',
      'units',
      'text PDF',
      'ours',
      'ocrmypdf',
      'time x',
      'ours CPU',
      'ocrmypdf CPU',
      'CPU x',
      'ours bytes',
      'ocrmypdf bytes',
      'bytes x',
      'recall ours',
      'recall plain',
      'precision ours',
      'precision plain',
    ],
    rows,
  ),
);
console.log(
  [
    '',
    'Units: w = words (runs of letters and digits), ch = characters for Han and kana, which are written without',
    'spaces (whitespace ignored; Latin runs among them count as words). Both sides NFKC-normalised and lower-cased,',
    'without bidi format characters, combining marks (Arabic vowel signs) or tatweel; counted as multisets.',
    '"text PDF": pdftotext on the unscanned typeset page against its source text (the scoring itself; 100% is right).',
    'Time is wall time; CPU is the CPU time of the whole run (the engine in this process with its children, or the',
    "ocrmypdf process tree): the machine's other load inflates it less than wall time, but Tesseract's threads spin",
    'while they wait for a core, so on a busy machine it grows too.',
    'Targets: recall >= 98% (English), >= 95% (one non-Latin script); time x <= 1.10; bytes x <= 1.00.',
  ].join('\n'),
);
