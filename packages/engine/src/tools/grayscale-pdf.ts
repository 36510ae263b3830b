import { join, sep } from 'node:path';
import { tools } from '@paperknife/catalog/tools';
import type { GrayPrepareResult } from '../grayscale/gray-prepare-task.js';
import {
  type Preparation,
  isUsableUpload,
  startedEarlyPreparation,
  startedPreparation,
} from '../grayscale/gray-preparation.js';
import { rewriteGrayOutput } from '../grayscale/rewrite-gray-output.js';
import { type PendingGrayConversion, startGrayConversion } from '../programs/ghostscript.js';
import { assertPdf, isCleanLeavingJpegData, preparePdfInput } from '../preflight/pdf-input.js';
import { tempPath } from '../jobs/temp-path.js';
import { type Settled, settle, valueOf } from '../jobs/settle.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolContext, ToolRunner } from '../jobs/tool-runner.js';

/**
 * MuPDF first turns the colours Ghostscript would copy unconverted (annotation colours, their state appearances and
 * icons, outline colours, uncoloured tiling patterns) and large colour images (which Ghostscript converts pixel by
 * pixel, slowly) to gray, and Ghostscript converts everything drawn. qpdf then rewrites Ghostscript's output only
 * where it has to (a file whose names Ghostscript breaks, or a large one); otherwise the output is Ghostscript's own.
 * See docs/decisions/013, 014.
 *
 * Ghostscript is the long step, and most uploads are clean: the MuPDF step and Ghostscript start at once, beside the
 * preflight's clean-file check, and Ghostscript converts the upload, or MuPDF's copy if MuPDF changed anything.
 * Its output is kept when the check passes (which a file needing a password does not) and MuPDF found a page count
 * within the limit; otherwise it is stopped as soon as that is known, the full preflight runs, and both steps run
 * again on the file it gives, Ghostscript set up already (docs/decisions/014).
 */
export const grayscalePdf: ToolRunner<'grayscale-pdf'> = async (files, _options, context) => {
  const upload = requireOneFile(files);
  // Ghostscript is a PostScript interpreter: it never sees anything the preflight would not call a PDF.
  await assertPdf(upload.path);
  const early = new AbortController();
  const earlyContext: ToolContext = { ...context, signal: AbortSignal.any([context.signal, early.signal]) };
  const earlyPreparation = startedEarlyPreparation(upload.path, earlyContext);
  // The preflight's clean-file test for this tool in one qpdf run: the page count comes from the MuPDF step, which
  // reads it anyway, instead of a second qpdf process.
  const earlyCheck = settle(isCleanLeavingJpegData(upload.path, earlyContext));

  // Ghostscript starts at once, beside MuPDF, and sets itself up (about 45 ms) while MuPDF looks at the file (10-20 ms
  // of a small one); it then converts the upload, or MuPDF's copy if MuPDF changed anything, without waiting for the
  // clean-file check. A file MuPDF had to repair to read waits for the check instead (it nearly always fails). The
  // job folder is readable too: a Ghostscript still waiting when the full preflight is needed converts the
  // preflight's copy, set up already.
  const stopGhostscripts = new AbortController();
  const stopEarlyGhostscript = new AbortController();
  const readable = [upload.path, join(context.workDir, sep)];
  const earlyGray = tempPath(context, 'gray');
  const ghostscript = startGrayConversion(readable, earlyGray, {
    ...context,
    signal: AbortSignal.any([context.signal, stopGhostscripts.signal, stopEarlyGhostscript.signal]),
  });
  let ghostscriptTaken = false;
  /** The waiting Ghostscript goes to one file only: the early conversion's or the full way's, whichever asks first. */
  const takeGhostscript = (): boolean => {
    if (ghostscriptTaken) return false;
    ghostscriptTaken = true;
    return true;
  };
  const earlyConversion = earlyPreparation.facts.then(async (facts): Promise<Settled<string>> => {
    const usable =
      facts !== undefined && isUsableUpload(facts, context) && (!facts.repaired || passed(await earlyCheck));
    if (!usable || !takeGhostscript()) return { ok: false, error: new Error('The preflight decides') };
    const converted = await settle(ghostscript.convert(facts.changed > 0 ? earlyPreparation.copy : upload.path));
    return converted.ok ? { ok: true, value: earlyGray } : converted;
  });

  let fullWay: PendingGrayConversion | undefined;
  /** MuPDF steps started on the full preflight's repaired copies. */
  const beside: Preparation[] = [];
  let gray: string;
  let rewrite: boolean;
  try {
    const check = await earlyCheck;
    // A file the check does not pass is not waited for in MuPDF (which may still be reading a damaged file).
    const onUpload = passed(check) ? await earlyPreparation.result : undefined;
    const plain = onUpload?.ok && isUsableUpload(onUpload.value, context) ? onUpload.value : undefined;
    let prepared: GrayPrepareResult;
    if (plain) {
      prepared = plain;
      gray = valueOf(await earlyConversion);
    } else {
      // Anything else takes the full preflight, which refuses, decrypts or repairs: nothing done on the upload then
      // counts (a damaged file can keep Ghostscript busy for minutes, e.g. a content stream that inflates without
      // end). Ghostscript for the preflight's file sets itself up meanwhile: the early one if it is still waiting.
      early.abort();
      if (takeGhostscript()) {
        fullWay = ghostscript;
        gray = earlyGray;
      } else {
        stopEarlyGhostscript.abort();
        gray = tempPath(context, 'gray');
        fullWay = startGrayConversion(readable, gray, {
          ...context,
          signal: AbortSignal.any([context.signal, stopGhostscripts.signal]),
        });
      }
      const path = (
        await preparePdfInput(upload, context, {
          jpegDataCheckedByTool: true,
          callersCleanCheck: passed(check) ? 'passed' : 'failed',
          // The MuPDF step starts on a repaired copy beside its check, which it nearly always passes.
          onRepairedCopy: (copy) => beside.push(startedPreparation(copy, context)),
        })
      ).path;
      const started = beside.find((preparation) => preparation.input === path);
      const { copy, result } = started ?? startedPreparation(path, context);
      prepared = valueOf(await result);
      await fullWay.convert(prepared.changed > 0 ? copy : path);
    }
    // Where Ghostscript breaks names, or the file is too large to look for them first. A restricted upload
    // Ghostscript read itself is checked for names as any other (MuPDF reads them unencrypted; names are never
    // encrypted); so is the preflight's repaired copy, a file qpdf or MuPDF wrote.
    rewrite = prepared.rewriteAfterGhostscript;
  } finally {
    // Nothing started on the upload may outlive the job (its folder goes away after it); a Ghostscript never told
    // its file waits on its standard input until stopped.
    early.abort();
    stopGhostscripts.abort();
    await Promise.all([
      ghostscript.ended,
      fullWay?.ended,
      earlyConversion,
      earlyPreparation.result,
      earlyCheck,
      ...beside.map((preparation) => preparation.result),
    ]);
  }
  if (!rewrite) return { path: gray, download: tools['grayscale-pdf'].download };

  const output = tempPath(context, 'grayscale-document');
  await rewriteGrayOutput(gray, output, context);
  return { path: output, download: tools['grayscale-pdf'].download };
};

/** The clean-file check ran and passed. */
function passed(check: Settled<boolean>): boolean {
  return check.ok && check.value;
}
