import { readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode, statusOf } from '@paperknife/catalog/errors';
import type { ToolEntry } from '@paperknife/catalog/tool-entry';
import { type ToolId, toolIds, tools } from '@paperknife/catalog/tools';
import { brokenImagesPdf } from '@paperknife/engine/testing/broken-image-fixtures';
import { corpusDir, corpusPasswords, corpusPresent, manifestPageCounts } from '@paperknife/engine/testing/corpus';
import { inParallel } from '@paperknife/engine/testing/in-parallel';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { csvTable, presentationOdp, presentationPptx, workbookXlsx } from '@paperknife/engine/testing/office-fixtures';
import { type MutationKind, mutate, mutationKinds, seededRandom } from '@paperknife/engine/testing/mutations';
import { qpdfCheck } from '@paperknife/engine/testing/pdf-assertions';
import { type TestApp, expectTempEmpty, makeTestApp, multipart } from './testing/test-app.js';

/**
 * Damaged uploads through the real HTTP server, every tool in the catalogue: a small sample of corpus files (and
 * generated ones, also when the corpus is absent) with seeded mutations (byte flips, also inside streams,
 * truncation, duplicated chunks, broken cross-reference offsets). Every answer must be 200 or a catalogue error
 * with its own status (503 `busy` included), never another 5xx; a 200 is one of the tool's downloads, and every
 * file in it opens (PDFs pass `qpdf --check`, images decode, Word files hold their document); the temp root is empty
 * afterwards.
 *
 * PAPERKNIFE_FUZZ_CASES sets the number of cases (default: four per tool, about 20 s on 2 cores);
 * PAPERKNIFE_FUZZ_SEED the seed (a failure names its case's seed, which reproduces it with the same sources).
 */

const CASES = Number(process.env['PAPERKNIFE_FUZZ_CASES'] ?? toolIds.length * 4);
const SEED = Number(process.env['PAPERKNIFE_FUZZ_SEED'] ?? 27);
/** Corpus PDFs small enough for every tool within the test's time: bytes and pages. */
const SOURCE_MAX_BYTES = 400_000;
const SOURCE_MAX_PAGES = 6;
/** Corpus sources per kind, drawn with the seed. */
const CORPUS_SAMPLE = 8;

interface Source {
  name: string;
  bytes: Buffer;
}

interface Case {
  tool: ToolId;
  source: string;
  kind: MutationKind;
  seed: number;
}

interface Finding {
  case: Case;
  problem: string;
}

let t: TestApp;
let checkDir: string;
const sources: Record<'pdf' | 'word' | 'excel' | 'powerpoint' | 'small' | 'image', Source[]> = {
  pdf: [],
  word: [],
  excel: [],
  powerpoint: [],
  small: [],
  image: [],
};

async function generatedSources(): Promise<void> {
  const jpeg = await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const photo = makePdf({
    pages: [
      { text: ['A photo'], image: { jpeg, pixelWidth: 48, pixelHeight: 32, x: 72, y: 400, width: 192, height: 128 } },
      {},
    ],
  });
  const pdfs = [
    { name: 'generated-pages.pdf', bytes: makePdf({ pageCount: 3, outline: true, title: 'Three pages' }) },
    { name: 'generated-photo.pdf', bytes: photo },
    { name: 'generated-jpx.pdf', bytes: brokenImagesPdf(['jpx', 'jbig2']) },
  ];
  sources.pdf.push(...pdfs);
  sources.small.push(pdfs[0]!, pdfs[1]!);
  const docx = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: 'A Word document', bold: true })] }),
          new Paragraph('Its second paragraph.'),
        ],
      },
    ],
  });
  sources.word.push({ name: 'generated.docx', bytes: await Packer.toBuffer(docx) });
  sources.excel.push(
    {
      name: 'generated.xlsx',
      bytes: workbookXlsx('Sheet', [
        ['Item', 'Cost'],
        ['Paper', '12'],
      ]),
    },
    { name: 'generated.csv', bytes: csvTable(6, 4) },
  );
  sources.powerpoint.push(
    { name: 'generated.pptx', bytes: presentationPptx(['A slide', 'Another slide']) },
    { name: 'generated.odp', bytes: presentationOdp(['A slide']) },
  );
  const picture = () =>
    sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 200, g: 60, b: 20, alpha: 0.6 } } });
  sources.image.push(
    { name: 'generated.jpg', bytes: jpeg },
    { name: 'generated.png', bytes: await picture().png().toBuffer() },
    { name: 'generated.webp', bytes: await picture().webp().toBuffer() },
    { name: 'generated.gif', bytes: await picture().gif().toBuffer() },
    { name: 'generated.tif', bytes: await picture().tiff({ compression: 'lzw' }).toBuffer() },
  );
}

function corpusSources(random: () => number): void {
  if (!corpusPresent()) {
    console.warn(`Mutation fuzz: no corpus at ${corpusDir}, generated files only`);
    return;
  }
  const pages = manifestPageCounts();
  const pick = (folder: string, fits: (name: string, bytes: number) => boolean): Source[] => {
    const names = readdirSync(join(corpusDir, folder))
      .filter((name) => fits(name, statSync(join(corpusDir, folder, name)).size))
      .sort();
    const chosen: Source[] = [];
    while (chosen.length < CORPUS_SAMPLE && names.length > 0) {
      const [name] = names.splice(Math.floor(random() * names.length), 1);
      chosen.push({ name: name!, bytes: readFileSync(join(corpusDir, folder, name!)) });
    }
    return chosen;
  };
  sources.pdf.push(
    ...pick(
      'pdf',
      (name, bytes) =>
        name.endsWith('.pdf') &&
        !corpusPasswords[name] &&
        bytes <= SOURCE_MAX_BYTES &&
        (pages.get(name) ?? 99) <= SOURCE_MAX_PAGES,
    ),
  );
  sources.word.push(...pick('word', (name, bytes) => name.endsWith('.docx') && bytes <= SOURCE_MAX_BYTES));
  const office = (extensions: RegExp) => (name: string, bytes: number) =>
    extensions.test(name) && !corpusPasswords[name] && bytes <= SOURCE_MAX_BYTES;
  sources.excel.push(...pick('office', office(/\.(xlsx|xls|ods|csv)$/)));
  sources.powerpoint.push(...pick('office', office(/\.(pptx|ppt|odp)$/)));
  sources.image.push(...pick('images', (_name, bytes) => bytes <= SOURCE_MAX_BYTES));
}

/**
 * The sources a tool gets: Word files for Word to PDF, spreadsheets for Excel to PDF, presentations for PowerPoint
 * to PDF, images for JPG to PDF, the smallest generated PDFs for OCR, PDFs otherwise.
 */
function sourcesFor(id: ToolId): Source[] {
  const tool: ToolEntry = tools[id];
  if (tool.input.label === 'Word') return sources.word;
  if (tool.input.label === 'Excel') return sources.excel;
  if (tool.input.label === 'PowerPoint') return sources.powerpoint;
  if (tool.input.label === 'JPG') return sources.image;
  if (tool.sampleLimits) return sources.small;
  return sources.pdf;
}

/** The tools in turn until CASES cases: a source, a mutation kind and a seed, all drawn from SEED. */
function fuzzCases(random: () => number): Case[] {
  const cases: Case[] = [];
  for (let index = 0; index < CASES; index++) {
    const tool = toolIds[index % toolIds.length]!;
    const candidates = sourcesFor(tool);
    const source = candidates[Math.floor(random() * candidates.length)]!;
    const kind = mutationKinds[Math.floor(random() * mutationKinds.length)]!;
    cases.push({ tool, source: source.name, kind, seed: Math.floor(random() * 2 ** 31) });
  }
  return cases;
}

function sourceNamed(name: string): Source {
  return Object.values(sources)
    .flat()
    .find((source) => source.name === name)!;
}

/**
 * What is wrong with a 200 answer: a type that is none of the tool's downloads, a ZIP with nothing in it, or a file
 * in it (or the answer itself) that is empty or does not open: a PDF failing `qpdf --check`, a Word file without its
 * document part, an image sharp cannot decode. The JPEGs Extract Images copies out as stored are the upload's own
 * bytes, damaged with it: only their presence is checked.
 */
async function answerProblems(tool: ToolEntry, body: Buffer, contentType: string, password?: string) {
  const downloads = [tool.download, tool.singlePageDownload, ...(tool.extraDownloads ?? [])].flatMap((download) =>
    download ? [download] : [],
  );
  const mediaType = (type: string) => type.split(';')[0]!.trim();
  const download = downloads.find((candidate) => mediaType(candidate.contentType) === mediaType(contentType));
  if (!download) return [`answered ${contentType}, none of ${downloads.map((d) => d.contentType).join(', ')}`];
  const files: [string, Uint8Array][] =
    mediaType(contentType) === 'application/zip' ? Object.entries(unzipSync(body)) : [[download.name, body]];
  if (files.length === 0) return ['an empty ZIP'];
  const copiedAsStored = tool === tools['extract-images'];
  const problems: string[] = [];
  for (const [name, data] of files) {
    const extension = name.slice(name.lastIndexOf('.'));
    if (data.length === 0 && extension !== '.txt') {
      problems.push(`${name} is empty`);
    } else if (extension === '.pdf') {
      const path = join(checkDir, `${Math.random().toString(16).slice(2)}.pdf`);
      await writeFile(path, data);
      const { code, output } = qpdfCheck(path, password);
      await rm(path, { force: true });
      if (code !== 0) problems.push(`${name}: qpdf --check exit ${code}: ${output.split('\n').slice(-3).join(' ')}`);
    } else if (extension === '.docx') {
      if (!('word/document.xml' in unzipSync(data))) problems.push(`${name} has no word/document.xml`);
    } else if (extension === '.png' || (extension === '.jpg' && !copiedAsStored)) {
      const decoded = await sharp(data)
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(
          ({ info }) => info.width > 0 && info.height > 0,
          () => false,
        );
      if (!decoded) problems.push(`${name} does not decode`);
    }
  }
  return problems;
}

/** Answers by status and code ("200", "422 damaged_pdf"), counted for the printed summary. */
const outcomes = new Map<string, number>();
const count = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);

async function runCase(fuzzCase: Case): Promise<string | undefined> {
  const tool: ToolEntry = tools[fuzzCase.tool];
  const source = sourceNamed(fuzzCase.source);
  const damaged = mutate(source.bytes, fuzzCase.kind, fuzzCase.seed);
  const type = tool.input.mimeTypes.at(-1)!;
  const files = Array.from({ length: tool.files.min }, (_, i) => ({
    name: `${i}-${source.name}`,
    data: damaged,
    type,
  }));
  const fields = Object.fromEntries(Object.entries(tool.sampleOptions).map(([key, value]) => [key, String(value)]));
  const { payload, headers } = multipart(files, fields);
  const response = await t.app.inject({ method: 'POST', url: `/functions/v1/${tool.functionName}`, payload, headers });
  if (response.statusCode === 200) {
    count('200');
    const password = 'userPassword' in tool.sampleOptions ? String(tool.sampleOptions.userPassword) : undefined;
    const contentType = String(response.headers['content-type']);
    const problems = await answerProblems(tool, response.rawPayload, contentType, password);
    return problems.length > 0 ? problems.join('; ') : undefined;
  }
  let code: unknown;
  try {
    code = (JSON.parse(response.body) as { error?: { code?: unknown } }).error?.code;
  } catch {
    return `${response.statusCode} without a JSON error body`;
  }
  count(`${response.statusCode} ${String(code)}`);
  if (!isErrorCode(code)) return `${response.statusCode} with code ${String(code)}, not in the catalogue`;
  if (statusOf(code) !== response.statusCode)
    return `${response.statusCode} for ${code}, whose status is ${statusOf(code)}`;
  if (response.statusCode >= 500 && code !== 'busy') return `${response.statusCode} ${code}`;
  return undefined;
}

beforeAll(async () => {
  t = await makeTestApp();
  checkDir = await mkdtemp(join(tmpdir(), 'paperknife-fuzz-check-'));
  await generatedSources();
  corpusSources(seededRandom(SEED));
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (checkDir) await rm(checkDir, { recursive: true, force: true });
});

describe('mutation fuzz', () => {
  it(
    `answers ${CASES} damaged uploads over every tool with 200 or a catalogue error, never a 5xx but busy`,
    async () => {
      const cases = fuzzCases(seededRandom(SEED + 1));
      expect(new Set(cases.map((c) => c.tool)).size).toBe(Math.min(CASES, toolIds.length));
      // Two at a time, as the test app's queue runs them.
      const problems = await inParallel(cases, 2, (fuzzCase) =>
        runCase(fuzzCase).catch((error: unknown) => `the test failed: ${String(error)}`),
      );
      const findings: Finding[] = cases.flatMap((fuzzCase, index) => {
        const problem = problems[index];
        return problem ? [{ case: fuzzCase, problem }] : [];
      });
      console.info(`Mutation fuzz, seed ${SEED}: ${[...outcomes].map(([k, n]) => `${k}: ${n}`).join(', ')}`);
      const report = findings.map(
        ({ case: c, problem }) => `${c.tool} on ${c.source}, ${c.kind} seed ${c.seed}: ${problem}`,
      );
      expect(report).toEqual([]);
      await expectTempEmpty(t.tempDir);
    },
    // Generous: the default run takes about 20 s on 2 cores; a larger PAPERKNIFE_FUZZ_CASES takes longer.
    Math.max(300_000, CASES * 10_000),
  );
});
