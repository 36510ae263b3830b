import { ToolError } from '@paperknife/catalog/errors';
import { type RepairEngine, repairEngines } from '@paperknife/catalog/repair-report';
import type { DocumentDataTasks } from './document-data-tasks.js';
import { mupdfPool } from '../mupdf/pool.js';
import { checkPageLimit } from '../preflight/pdf-input.js';
import { repairWithMupdf } from '../preflight/pdf-repair.js';
import { runGhostscript } from '../programs/ghostscript.js';
import { runQpdf, runQpdfCountingPages } from '../programs/qpdf.js';
import { settle } from '../jobs/settle.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';

const pool = mupdfPool<DocumentDataTasks>();

/** A repaired copy that passes `qpdf --check` with a sound page tree, and what it holds. */
export interface RepairedCopy {
  engine: RepairEngine;
  path: string;
  pages: number;
  characters: number;
}

/** How each engine writes a repaired copy of `input` to `output`. */
const writers: Record<RepairEngine, (input: string, output: string, context: ToolContext) => Promise<unknown>> = {
  // qpdf's own recovery: the xref rebuilt from the objects it finds, streams copied as they are.
  qpdf: (input, output, context) =>
    runQpdf(['--decrypt', '--deterministic-id', input, output], context, { okCodes: [0, 3] }),
  // MuPDF's lenient reading, every content stream rewritten from what it understood (the preflight's repair).
  mupdf: repairWithMupdf,
  // Ghostscript interprets every page and writes a new PDF from what it drew.
  ghostscript: (input, output, context) =>
    runGhostscript(['-sDEVICE=pdfwrite', '-dAutoRotatePages=/None', `-sOutputFile=${output}`, input], context),
};

/**
 * Once one engine has a copy, the others get this long, or three times what the first took if more, before they are
 * stopped: on a file that holds one of them for the whole time limit (a decompression bomb), the copies at hand
 * are kept rather than the job timing out.
 */
const GRACE_MS = 10_000;

/**
 * A copy of `input` from each engine that succeeds, in `repairEngines` order, with its pages and text; copies that
 * do not pass `qpdf --check` or whose page tree is unsound, or that come after the others' grace, are left out.
 * Refuses a copy over the page limit.
 */
export async function repairedCopies(
  input: string,
  context: ToolContext,
  engines: readonly RepairEngine[] = repairEngines,
): Promise<RepairedCopy[]> {
  const started = Date.now();
  const grace = new AbortController();
  let graceTimer: NodeJS.Timeout | undefined;
  const engineContext: ToolContext = { ...context, signal: AbortSignal.any([context.signal, grace.signal]) };
  const copies = await Promise.all(
    engines.map(async (engine) => {
      const copy = await settle(repairedCopy(engine, input, engineContext));
      if (copy.ok && copy.value && !graceTimer) {
        graceTimer = setTimeout(() => grace.abort(), Math.max(GRACE_MS, 3 * (Date.now() - started)));
      }
      return copy;
    }),
  );
  clearTimeout(graceTimer);
  if (context.signal.aborted) throw copies.find((copy) => !copy.ok)?.error ?? new ToolError('damaged_pdf');
  for (const copy of copies) {
    if (!copy.ok && copy.error instanceof ToolError && copy.error.code === 'too_many_pages') throw copy.error;
  }
  return copies.flatMap((copy) => (copy.ok && copy.value ? [copy.value] : []));
}

async function repairedCopy(
  engine: RepairEngine,
  input: string,
  context: ToolContext,
): Promise<RepairedCopy | undefined> {
  const path = tempPath(context, `repaired-${engine}`);
  await writers[engine](input, path, context);
  const { code, pages } = await runQpdfCountingPages(['--check', path], context, { okCodes: [0, 2, 3] });
  if (code !== 0 || pages.walked < 1 || pages.walked !== pages.declared) return undefined;
  checkPageLimit(pages.walked, context);
  const amount = await pool.run(
    'text-amount',
    { input: path },
    {
      signal: context.signal,
      timeoutMs: context.limits.jobTimeoutMs,
    },
  );
  return { engine, path, pages: pages.walked, characters: amount.characters };
}

/** The copy that keeps the most pages, then the most text; on a tie the first engine's (the least rewritten). */
export function bestCopy(copies: readonly RepairedCopy[]): RepairedCopy | undefined {
  return copies.reduce<RepairedCopy | undefined>(
    (best, copy) =>
      !best || copy.pages > best.pages || (copy.pages === best.pages && copy.characters > best.characters)
        ? copy
        : best,
    undefined,
  );
}
