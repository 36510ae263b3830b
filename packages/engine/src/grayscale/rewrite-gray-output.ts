import type { ToolContext } from '../jobs/tool-runner.js';
import { runQpdf } from '../programs/qpdf.js';

/**
 * qpdf's rewrite of Ghostscript's output `gray` to `output`, for a file whose names Ghostscript breaks or one too
 * large to look for them first (GrayPrepareResult's `rewriteAfterGhostscript`). Object streams, but no Flate
 * recompression: Ghostscript has compressed every stream already, and recompressing them at level 9 took a quarter
 * to a third of Ghostscript's own time for a few percent (docs/decisions/013).
 */
export async function rewriteGrayOutput(gray: string, output: string, context: ToolContext): Promise<void> {
  await runQpdf(
    [
      '--warning-exit-0',
      '--object-streams=generate',
      '--compress-streams=y',
      '--remove-unreferenced-resources=auto',
      gray,
      output,
    ],
    context,
  );
}
