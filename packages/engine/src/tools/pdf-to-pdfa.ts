import { pdfaReportHeader } from '@paperknife/catalog/http-api';
import { formatPdfaReport } from '@paperknife/catalog/pdfa-report';
import { tools } from '@paperknife/catalog/tools';
import { allDone } from '../jobs/settle.js';
import { requireOneFile } from '../jobs/single-file.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolRunner } from '../jobs/tool-runner.js';
import { conformanceReport } from '../pdfa/conformance-report.js';
import { readDocumentFacts } from '../pdfa/document-facts.js';
import { checkedOutput } from '../pdfa/output-check.js';
import { convertToPdfa } from '../pdfa/pdfa-conversion.js';
import { keepAttachments, removeAttachments } from '../pdfa/attachments.js';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { runQpdf } from '../programs/qpdf.js';

/**
 * PDF/A of the chosen level: Ghostscript rewrites the document with every font embedded (missing ones substituted),
 * an sRGB output intent, XMP identification and no scripts, encryption or attached files; for PDF/A-1b it flattens
 * transparency. qpdf removes the attached files Ghostscript keeps, or for PDF/A-3b keeps them (copied back from the
 * upload when Ghostscript left them out) and marks them. The file must pass `qpdf --check` (rewritten by qpdf if it
 * warns); our own checks then read that file for each requirement, and the report (header) says what was met and
 * what was changed to meet it.
 */
export const pdfToPdfa: ToolRunner<'pdf-to-pdfa'> = async (files, options, context) => {
  const upload = requireOneFile(files);
  const input = await preparePdfInput(upload, context);
  const converted = tempPath(context, 'pdfa');
  const [before, encryptedUpload] = await allDone([
    readDocumentFacts(input.path, context),
    // `qpdf --is-encrypted` exits 0 for an encrypted file, 2 for one that is not.
    runQpdf(['--is-encrypted', upload.path], context, { okCodes: [0, 2] }).then((result) => result.code === 0),
    convertToPdfa(input.path, converted, options.level, context),
  ]);
  const written =
    options.level !== '3b'
      ? await removeAttachments(converted, context)
      : before.attachments > 0
        ? await keepAttachments(converted, input.path, context)
        : converted;
  const output = await checkedOutput(written, context);
  const after = await readDocumentFacts(output, context);
  const report = conformanceReport(options.level, { ...before, encryptedUpload }, after);
  return {
    path: output,
    download: tools['pdf-to-pdfa'].download,
    headers: { [pdfaReportHeader.name]: formatPdfaReport(report) },
  };
};
