import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { runFromSources } from '../from-sources.js';

/**
 * Compare PDF benchmark: `npm run compare --workspace bench` (or `node --import tsx bench/compare/run.ts
 * [--pairs=N] [--seed=S] [--only=name,...]`). Two parts, one run, each printing a table; asserts nothing.
 *
 * 1. Generated pairs with known edits: N seeded documents of 2-5 pages of words, some pages with a coloured
 *    picture, each given 1-4 edits: a word inserted, deleted or changed (one per line, never beside the same word,
 *    so the edit has one reading), a page moved, a picture's colour changed. Per kind of edit: how many Compare
 *    PDF reports as that edit at its place; and every reported difference no edit explains (a false difference).
 *    Target (issue 31): every edit found, no false difference.
 * 2. Every corpus PDF that is not damaged or encrypted against its own `qpdf` rewrite (object streams and
 *    compressed streams, the bytes all different, the pages the same): any difference reported is a false one.
 *    Target: none.
 */

runFromSources(import.meta.url);

const { defaultLimits } = await import('@paperknife/catalog/limits');
const { parseToolOptions } = await import('@paperknife/catalog/tool-options');
const { parseCompareDifferences } = await import('@paperknife/catalog/compare-differences');
const { ToolError } = await import('@paperknife/catalog/errors');
const { closeMupdfPool, engineTools } = await import('@paperknife/engine');
const { corpusPdfFiles, corpusPresent } = await import('@paperknife/engine/testing/corpus');
const { makePdf } = await import('@paperknife/engine/testing/make-pdf');
const { onlyArgument, requirePrograms } = await import('../engine/measure.js');
const { table } = await import('../table.js');

type Differences = NonNullable<ReturnType<typeof parseCompareDifferences>>;
type FixturePage = NonNullable<NonNullable<Parameters<typeof makePdf>[0]>['pages']>[number];

requirePrograms(['qpdf']);
const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const pairCount = Number(argument('pairs') ?? 60);
const seed = Number(argument('seed') ?? 1);
const only = onlyArgument();
const scratch = await mkdtemp(join(tmpdir(), 'paperknife-bench-compare-'));
const limits = { ...defaultLimits, jobTimeoutMs: 600_000 };
const signal = new AbortController().signal;
const asJson = parseToolOptions('compare-pdf', { format: 'json' });

/** Mulberry32: the same pairs for the same seed. */
function random(state: number) {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(seed);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

const VOCABULARY = (
  'account amount annual balance budget capital client contract credit customer delivery deposit discount ' +
  'estimate expense finance freight harvest income invoice ledger margin market notice office order payment ' +
  'period pledge profit quarter rebate receipt refund region rental report salary schedule service supply ' +
  'surplus tariff transfer travel value vendor volume warranty'
).split(' ');

interface Doc {
  pages: { lines: string[][]; picture?: [number, number, number] }[];
}

const PICTURE = { x: 72, y: 400, width: 200, height: 120 };
/** The picture's box in points from the top left of a 612 x 792 page, as Compare PDF reports regions. */
const PICTURE_BOX = [PICTURE.x, 792 - PICTURE.y - PICTURE.height, PICTURE.x + PICTURE.width, 792 - PICTURE.y];

function randomDoc(): Doc {
  const pageCount = 2 + Math.floor(next() * 4);
  return {
    pages: Array.from({ length: pageCount }, () => ({
      lines: Array.from({ length: 4 }, () =>
        Array.from({ length: 6 + Math.floor(next() * 4) }, () => pick(VOCABULARY)),
      ),
      ...(next() < 0.4 ? { picture: [next(), next(), next()] as [number, number, number] } : {}),
    })),
  };
}

function pdfOf(doc: Doc): Buffer {
  const pages: FixturePage[] = doc.pages.map((page) => ({
    text: page.lines.map((line) => line.join(' ')),
    ...(page.picture ? { box: { rgb: page.picture, ...PICTURE } } : {}),
  }));
  return makePdf({ pages });
}

type Edit =
  | { kind: 'inserted' | 'deleted'; page: number; word: string }
  | { kind: 'changed'; page: number; from: string; to: string }
  | { kind: 'moved'; page: number }
  | { kind: 'picture'; page: number };

/** A word other than `avoid`, from the vocabulary. */
const otherWord = (...avoid: (string | undefined)[]) => pick(VOCABULARY.filter((word) => !avoid.includes(word)));

/**
 * Applies 1-4 edits to a copy of `doc`; pages are named by their place in the original (1-based). Word edits go
 * on lines not yet edited, where the word differs from both neighbours, so the edit has one reading.
 */
function edited(doc: Doc): { changed: Doc; edits: Edit[] } {
  const pages = doc.pages.map((page) => ({ ...page, lines: page.lines.map((line) => [...line]) }));
  const edits: Edit[] = [];
  const used = new Set<string>();
  const count = 1 + Math.floor(next() * 4);
  for (let attempt = 0; edits.length < count && attempt < 40; attempt++) {
    const kind = pick(['inserted', 'deleted', 'changed', 'changed', 'moved', 'picture'] as const);
    const index = Math.floor(next() * pages.length);
    const page = pages[index]!;
    if (kind === 'picture') {
      if (!page.picture || used.has(`picture ${index}`)) continue;
      used.add(`picture ${index}`);
      // Half the range off in one channel: a change a reader sees, not a shade.
      const channel = Math.floor(next() * 3);
      page.picture = page.picture.map((value, i) => (i === channel ? (value + 0.5) % 1 : value)) as typeof page.picture;
      edits.push({ kind, page: index + 1 });
      continue;
    }
    if (kind === 'moved') {
      if (pages.length < 3 || edits.some((edit) => edit.kind === 'moved')) continue;
      edits.push({ kind, page: index + 1 });
      continue;
    }
    const lineIndex = Math.floor(next() * page.lines.length);
    if (used.has(`line ${index} ${lineIndex}`)) continue;
    const line = page.lines[lineIndex]!;
    const at = 1 + Math.floor(next() * (line.length - 2));
    if (kind === 'inserted') {
      const word = otherWord(line[at - 1], line[at]);
      line.splice(at, 0, word);
      edits.push({ kind, page: index + 1, word });
    } else if (kind === 'deleted') {
      if (line[at] === line[at - 1] || line[at] === line[at + 1] || line[at - 1] === line[at + 1]) continue;
      edits.push({ kind, page: index + 1, word: line.splice(at, 1)[0]! });
    } else {
      if (line[at] === line[at - 1] || line[at] === line[at + 1]) continue;
      const from = line[at]!;
      const to = otherWord(from, line[at - 1], line[at + 1]);
      line[at] = to;
      edits.push({ kind, page: index + 1, from, to });
    }
    used.add(`line ${index} ${lineIndex}`);
  }
  // The page move last, so the other edits name pages of the original.
  const move = edits.find((edit) => edit.kind === 'moved');
  const order = pages.map((_, index) => index);
  if (move) {
    order.splice(move.page - 1, 1);
    const to = (move.page + Math.floor(pages.length / 2)) % pages.length;
    order.splice(to, 0, move.page - 1);
  }
  return { changed: { pages: order.map((index) => pages[index]!) }, edits };
}

const overlaps = (a: readonly number[], b: readonly number[]) =>
  a[0]! < b[2]! && b[0]! < a[2]! && a[1]! < b[3]! && b[1]! < a[3]!;

/** Which edits the differences report, and the differences no edit explains. */
function score(differences: Differences, edits: readonly Edit[]): { found: Edit[]; falseOnes: string[] } {
  const found: Edit[] = [];
  const explained = new Set<unknown>();
  for (const edit of edits) {
    const pair = differences.pages.find((candidate) => candidate.original === edit.page);
    if (edit.kind === 'moved') {
      // Moving one page past its neighbours may read as moving them instead (2 before 1 is 1 after 2): any one
      // page flagged whose removal leaves the others in their order explains it.
      const flagged = differences.pages.filter((candidate) => candidate.moved);
      const rest = differences.pages.filter((candidate) => !candidate.moved && candidate.original !== null);
      const inOrder = rest.every((candidate, i) => i === 0 || candidate.original! > rest[i - 1]!.original!);
      if (flagged.length === 1 && inOrder) {
        found.push(edit);
        explained.add(flagged[0]);
      }
      continue;
    }
    if (!pair) continue;
    if (edit.kind === 'picture') {
      const regions = pair.regions.filter((region) => overlaps(region, PICTURE_BOX));
      if (regions.length > 0) found.push(edit);
      regions.forEach((region) => explained.add(region));
      continue;
    }
    const change = pair.textChanges.find(
      (candidate) =>
        candidate.kind === edit.kind &&
        !explained.has(candidate) &&
        (edit.kind === 'changed'
          ? candidate.original?.text === edit.from && candidate.changed?.text === edit.to
          : (edit.kind === 'inserted' ? candidate.changed : candidate.original)?.text === edit.word),
    );
    if (change) {
      found.push(edit);
      explained.add(change);
    }
  }
  const falseOnes: string[] = [];
  for (const pair of differences.pages) {
    const where = `pages ${pair.original ?? '-'}/${pair.changed ?? '-'}`;
    if (pair.original === null || pair.changed === null) falseOnes.push(`${where}: a page on one side only`);
    if (pair.moved && !explained.has(pair)) falseOnes.push(`${where}: moved`);
    for (const change of pair.textChanges) {
      if (!explained.has(change))
        falseOnes.push(`${where}: ${change.kind} ${change.original?.text ?? ''}>${change.changed?.text ?? ''}`);
    }
    for (const region of pair.regions) {
      if (!explained.has(region)) falseOnes.push(`${where}: region ${region.map(Math.round).join(',')}`);
    }
  }
  return { found, falseOnes };
}

async function compare(original: Buffer | string, changed: Buffer | string, name: string): Promise<Differences> {
  const folder = await mkdtemp(join(scratch, 'job-'));
  try {
    const input = async (label: string, content: Buffer | string) => {
      const path = join(folder, `${label}.pdf`);
      await writeFile(path, typeof content === 'string' ? readFileSync(content) : content);
      return { path, name: `${name}-${label}.pdf`, size: (await stat(path)).size };
    };
    const files = [await input('original', original), await input('changed', changed)];
    const result = await engineTools['compare-pdf'](files, asJson, { workDir: folder, limits, signal });
    const differences = parseCompareDifferences(readFileSync(result.path, 'utf8'));
    if (!differences) throw new Error('Compare PDF answered JSON that is not its differences');
    return differences;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

// Part 1: generated pairs.
const kinds = ['inserted', 'deleted', 'changed', 'moved', 'picture'] as const;
const tally = new Map(kinds.map((kind) => [kind, { edits: 0, found: 0 }]));
const falseDifferences: string[] = [];
let generatedSeconds = 0;
for (let index = 0; index < pairCount; index++) {
  const doc = randomDoc();
  const { changed, edits } = edited(doc);
  const started = performance.now();
  const differences = await compare(pdfOf(doc), pdfOf(changed), `pair-${index + 1}`);
  generatedSeconds += (performance.now() - started) / 1000;
  const { found, falseOnes } = score(differences, edits);
  for (const edit of edits) tally.get(edit.kind)!.edits++;
  for (const edit of found) tally.get(edit.kind)!.found++;
  falseDifferences.push(...falseOnes.map((description) => `pair ${index + 1}: ${description}`));
  if (process.argv.includes('--verbose') && (falseOnes.length > 0 || found.length < edits.length)) {
    console.log(
      `pair ${index + 1}: edits ${JSON.stringify(edits)}; found ${found.length}; false: ${falseOnes.join('; ')}`,
    );
    const missed = edits.filter((edit) => !found.includes(edit));
    for (const edit of missed.filter((candidate) => 'page' in candidate)) {
      console.log(`  page ${edit.page}: ${doc.pages[edit.page - 1]!.lines.map((line) => line.join(' ')).join(' / ')}`);
    }
  }
}
console.log(`Generated pairs: ${pairCount} (seed ${seed}), ${generatedSeconds.toFixed(1)} s of comparing`);
console.log(
  table(
    ['edit', 'made', 'found', 'share'],
    kinds.map((kind) => {
      const { edits, found } = tally.get(kind)!;
      return [kind, String(edits), String(found), edits === 0 ? '-' : `${((found / edits) * 100).toFixed(1)}%`];
    }),
  ),
);
console.log(`False differences: ${falseDifferences.length}`);
for (const line of falseDifferences.slice(0, 20)) console.log(`  ${line}`);

// Part 2: corpus files against their own qpdf rewrite.
if (!corpusPresent()) {
  console.log('\nCorpus part skipped: no corpus at ../shared/corpus');
} else {
  const rows: string[][] = [];
  let identical = 0;
  let compared = 0;
  for (const { name: file, path } of corpusPdfFiles(only)) {
    const name = basename(file, '.pdf');
    const rewritten = join(scratch, `${name}-rewritten.pdf`);
    const rewrite = spawnSync('qpdf', ['--object-streams=generate', '--compress-streams=y', path, rewritten]);
    // Exit 3 is a rewrite with warnings; damaged and encrypted files are Repair's and Unlock's, not these pairs.
    if (rewrite.status !== 0) continue;
    const started = performance.now();
    try {
      const differences = await compare(path, rewritten, name);
      compared++;
      const { falseOnes } = score(differences, []);
      if (differences.identical && falseOnes.length === 0) identical++;
      else
        rows.push([name, String(differences.pages.length), String(falseOnes.length), falseOnes.slice(0, 2).join('; ')]);
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      rows.push([name, '', 'refused', error.code]);
    } finally {
      await rm(rewritten, { force: true });
    }
    process.stderr.write(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
  console.log(`\nCorpus files against their own qpdf rewrite: ${identical} of ${compared} identical`);
  if (rows.length > 0) console.log(table(['file', 'page pairs', 'false differences', 'first ones'], rows));
}

await closeMupdfPool();
await rm(scratch, { recursive: true, force: true });
