import { writeFile } from 'node:fs/promises';
import type { PdfaLevel } from '@paperknife/catalog/pdfa-report';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import { runGhostscript } from '../programs/ghostscript.js';

/** Ghostscript's own sRGB profile (ICC version 2, as PDF/A-1 needs), from Debian's libgs-common. */
export const SRGB_PROFILE = '/usr/share/color/icc/ghostscript/srgb.icc';

/**
 * Ghostscript pdfwrite's settings for PDF/A of a part (1, 2 or 3). Policy 1 drops what cannot be made conforming
 * (scripts, forbidden annotations) and goes on, instead of writing a plain PDF (0) or stopping (2). Colours are
 * converted to RGB, which the sRGB output intent describes; pages keep their orientation. For part 1, pdfwrite
 * flattens a page that uses transparency into an image.
 */
export function pdfaPdfwriteSettings(part: number): string[] {
  return [
    '-sDEVICE=pdfwrite',
    `-dPDFA=${part}`,
    '-dPDFACompatibilityPolicy=1',
    '-sColorConversionStrategy=RGB',
    '-dAutoRotatePages=/None',
  ];
}

/**
 * The PostScript that gives the output its output intent: the sRGB profile as an ICC stream and a GTS_PDFA1
 * intent pointing at it, in the shape of Ghostscript's PDFA_def.ps, without a made-up title.
 */
export function pdfaDefinition(profile: string): string {
  const path = `<${Buffer.from(profile).toString('hex')}>`;
  return [
    '[/_objdef {icc_PDFA} /type /stream /OBJ pdfmark',
    '[{icc_PDFA} << /N 3 >> /PUT pdfmark',
    `[{icc_PDFA} ${path} (r) file /PUT pdfmark`,
    '[/_objdef {OutputIntent_PDFA} /type /dict /OBJ pdfmark',
    '[{OutputIntent_PDFA} << /Type /OutputIntent /S /GTS_PDFA1 /DestOutputProfile {icc_PDFA}',
    '  /OutputConditionIdentifier (sRGB) /Info (sRGB IEC61966-2.1) >> /PUT pdfmark',
    '[{Catalog} << /OutputIntents [ {OutputIntent_PDFA} ] >> /PUT pdfmark',
    '',
  ].join('\n');
}

export function pdfaPart(level: PdfaLevel): number {
  return Number(level[0]);
}

/** Rewrites `input` as PDF/A of `level` into `output` with Ghostscript; the definition goes into the job folder. */
export async function convertToPdfa(
  input: string,
  output: string,
  level: PdfaLevel,
  context: ToolContext,
): Promise<void> {
  const definition = tempPath(context, 'pdfa-definition', '.ps');
  await writeFile(definition, pdfaDefinition(SRGB_PROFILE));
  await runGhostscript(
    [
      ...pdfaPdfwriteSettings(pdfaPart(level)),
      `--permit-file-read=${SRGB_PROFILE}`,
      `-sOutputFile=${output}`,
      definition,
      input,
    ],
    context,
  );
}
