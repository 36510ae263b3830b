import { ToolError } from '@paperknife/catalog/errors';
import { tools } from '@paperknife/catalog/tools';
import { paperSizes } from '@paperknife/catalog/paper-sizes';
import { htmlPageMargins } from '@paperknife/catalog/tools/html-to-pdf';
import { printPage } from '../html-to-pdf/print-page.js';
import { siteFolder } from '../html-to-pdf/site-folder.js';
import { requireOneFile } from '../jobs/single-file.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolRunner } from '../jobs/tool-runner.js';
import { identifyFileAt } from '../preflight/file-type.js';
import { runQpdf } from '../programs/qpdf.js';

/**
 * An HTML page, alone or in a ZIP with its files, to PDF through headless Chromium with no network and no scripts
 * (docs/decisions/170). The paper size and margins are the options', whatever the page's own CSS asks.
 */
export const htmlToPdf: ToolRunner<'html-to-pdf'> = async (files, options, context) => {
  const file = requireOneFile(files);
  const type = await identifyFileAt(file.path);
  if (type !== 'html' && type !== 'html-zip') {
    throw new ToolError('unsupported_file_type', tools['html-to-pdf'].invalidTypeDescription);
  }
  const root = tempPath(context, 'site', '');
  const site = await siteFolder(file.path, type === 'html' ? 'html' : 'zip', root, context.limits.maxFileBytes);
  const paper = paperSizes[options.pageSize];
  const landscape = options.orientation === 'landscape';
  const printed = tempPath(context, 'printed');
  await printPage(
    site,
    {
      widthMm: landscape ? paper.heightMm : paper.widthMm,
      heightMm: landscape ? paper.widthMm : paper.heightMm,
      marginMm: htmlPageMargins[options.margins],
      backgrounds: options.backgrounds,
    },
    printed,
    context,
  );
  // qpdf rewrites Chromium's PDF with object streams: smaller, and checked on the way.
  const output = tempPath(context, 'converted-page');
  await runQpdf(['--warning-exit-0', '--object-streams=generate', printed, output], context);
  return { path: output, download: tools['html-to-pdf'].download };
};
