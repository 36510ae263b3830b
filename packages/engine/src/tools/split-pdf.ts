import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pageGroups } from '@paperknife/catalog/page-ranges';
import { tools } from '@paperknife/catalog/tools';
import { partName } from '../jobs/output-names.js';
import { type CheckAfterAttempt, checkAfter } from '../preflight/check-after.js';
import { tempPath } from '../jobs/temp-path.js';
import { qpdfPageRange } from '../programs/qpdf.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';
import { type ZipEntry, writeZip } from '../jobs/zip-output.js';

/** Splits into parts (one per page, per range, or every N pages) and returns them in one ZIP. */
export const splitPdf: ToolRunner<'split-pdf'> = async (files, options, context) => {
  const file = requireOneFile(files);
  const { parts, pageCount } = await checkAfter<{ parts: Part[]; pageCount: number }>([file], context, {
    writtenBy: 'qpdf',
    outputs: (split) => split.parts.map(({ path }) => ({ path })),
    run: async ({ sources: [input], qpdf }) => {
      const { pageCount } = await input!.opened;
      const partsDir = tempPath(context, 'parts', '');
      await mkdir(partsDir);
      if (options.mode !== 'ranges') {
        const every = options.mode === 'every' ? (options.every ?? 1) : 1;
        return { parts: await splitEvery(input!.path, every, partsDir, qpdf), pageCount };
      }
      const parts: Part[] = [];
      for (const [index, pages] of pageGroups(options.ranges ?? '', pageCount).entries()) {
        const path = join(partsDir, `range-${index}.pdf`);
        await qpdf(['--empty', '--pages', input!.path, qpdfPageRange(pages), '--', path]);
        parts.push({ pages, path });
      }
      return { parts, pageCount };
    },
  });

  const used = new Set<string>();
  const entries: ZipEntry[] = parts.map(({ pages, path }) => {
    const name = uniqueName(partName(file.name, pages, pageCount, '.pdf'), used);
    return { name, path };
  });
  const output = tempPath(context, 'split-pages', '.zip');
  await writeZip(output, entries, context.signal);
  return { path: output, download: tools['split-pdf'].download };
};

interface Part {
  pages: number[];
  path: string;
}

/** One qpdf run writes every part (`--split-pages=N`), far faster than one run per part on long documents. */
async function splitEvery(
  input: string,
  every: number,
  partsDir: string,
  qpdf: CheckAfterAttempt['qpdf'],
): Promise<Part[]> {
  await qpdf([`--split-pages=${every}`, input, join(partsDir, 'part-%d.pdf')]);
  // qpdf names parts part-01.pdf or part-01-03.pdf (first and last page): read the pages back from the names.
  const parts = (await readdir(partsDir)).flatMap((name) => {
    const match = /^part-(\d+)(?:-(\d+))?\.pdf$/.exec(name);
    if (!match) return [];
    const first = Number(match[1]);
    const last = match[2] ? Number(match[2]) : first;
    const pages = Array.from({ length: last - first + 1 }, (_, i) => first + i);
    return [{ pages, path: join(partsDir, name) }];
  });
  return parts.sort((a, b) => a.pages[0]! - b.pages[0]!);
}

/** The same range written twice would give two entries with one name: number the repeats. */
function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate); n++) candidate = name.replace(/\.pdf$/, `-${n}.pdf`);
  used.add(candidate);
  return candidate;
}
