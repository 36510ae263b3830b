import { ToolError } from '@paperknife/catalog/errors';
import { tools } from '@paperknife/catalog/tools';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { requireOneFile } from '../jobs/single-file.js';
import { tempPath } from '../jobs/temp-path.js';
import { mupdfPool } from '../mupdf/pool.js';
import { optimizeLossless } from '../programs/qpdf.js';
import { stampPages } from '../stamping/stamp-pages.js';
import { signDigitally } from '../signing/digital-signature.js';
import type { PlacedSignature } from '../signing/place-signature-task.js';
import { base64Bytes, boxInsidePage } from '../signing/signature-box.js';
import type { SigningTasks } from '../signing/signing-tasks.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

const pool = mupdfPool<SigningTasks>();

/** The date line under the signature: a fifth of the signature's height, within readable bounds. */
function dateStamp(placed: PlacedSignature, text: string) {
  const pageHeight = placed.size[1];
  const [x0, y0, , y1] = placed.visible;
  const fontSize = Math.min(14, Math.max(7, (y1 - y0) / 5));
  // Under the signature, or above it when the signature sits at the page's foot.
  const below = y0 - fontSize * 1.2;
  const baseline = below >= fontSize * 0.3 ? below : Math.min(y1 + fontSize * 0.4, pageHeight - fontSize);
  return { page: placed.page, text, at: [x0, baseline] as [number, number], fontSize };
}

/**
 * The signature picture drawn as page content on one page or every page, the date written under it, and with a
 * certificate a digital signature over the result, each as an incremental update of the document: earlier
 * signatures stay valid and a large file is not rewritten. With `appearance=invisible`, only the digital signature:
 * a field with no picture, which readers list in their signatures panel.
 */
export const signPdf: ToolRunner<'sign-pdf'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  if (options.page > input.pageCount) {
    throw new ToolError(
      'page_out_of_range',
      `This PDF has ${input.pageCount} pages: choose a page from 1 to ${input.pageCount}.`,
    );
  }
  const certificate = options.certificate ? base64Bytes(options.certificate) : undefined;
  if (certificate && certificate.length === 0) throw new ToolError('invalid_certificate');
  const download = tools['sign-pdf'].download;
  if (options.appearance === 'invisible') {
    // The schema asks for a certificate with this appearance. An invisible signature's field has a zero rectangle.
    const signed = await signDigitally(
      {
        input: input.path,
        certificate: certificate!,
        password: options.certificatePassword ?? '',
        page: options.page,
        rect: [0, 0, 0, 0],
      },
      context,
    );
    return { path: signed, download };
  }
  const pages = options.everyPage ? Array.from({ length: input.pageCount }, (_, i) => i + 1) : [options.page];
  const withPicture = tempPath(context, 'signature-placed');
  const { placed, incremental } = await pool.run(
    'place-signature',
    {
      input: input.path,
      output: withPicture,
      image: base64Bytes(options.signature ?? ''),
      pages,
      box: boxInsidePage(options),
    },
    { signal: context.signal, timeoutMs: context.limits.jobTimeoutMs },
  );

  let output: string;
  if (options.date) {
    const stamps = placed.map((at) => dateStamp(at, options.date!));
    output = await stampPages(
      {
        input: withPicture,
        stamps,
        fontSize: stamps[0]!.fontSize,
        color: [0.1, 0.1, 0.1],
        opacity: 1,
        position: 'bottom-left',
        rotation: 0,
        margin: 0,
        incremental,
      },
      'signed-document',
      context,
    );
  } else if (incremental) {
    output = withPicture;
  } else {
    output = tempPath(context, 'signed-document');
    await optimizeLossless(withPicture, output, context);
  }

  if (certificate) {
    const onPage = placed.find((at) => at.page === options.page) ?? placed[0]!;
    output = await signDigitally(
      { input: output, certificate, password: options.certificatePassword ?? '', page: onPage.page, rect: onPage.user },
      context,
    );
  }
  return { path: output, download };
};
