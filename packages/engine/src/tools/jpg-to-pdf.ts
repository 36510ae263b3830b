import { open } from 'node:fs/promises';
import { ToolError } from '@paperknife/catalog/errors';
import { type ImageType, SNIFF_BYTES, acceptedTypes, detectFileType } from '@paperknife/catalog/file-types';
import { tools } from '@paperknife/catalog/tools';
import { cleanedPages } from '../image-to-pdf/cleaned-pages.js';
import { imagePages } from '../image-to-pdf/decode-images.js';
import { writeImageDocument } from '../image-to-pdf/image-document.js';
import type { ImagePage } from '../image-to-pdf/pdf-image.js';
import { uploadStem } from '@paperknife/qpdf-jobs/part-names';
import { tempPath } from '../jobs/temp-path.js';
import type { InputFile, ToolRunner } from '../jobs/tool-runner.js';
import { type ZipEntry, writeZip } from '../jobs/zip-output.js';

const tool = tools['jpg-to-pdf'];

/**
 * Images to PDF, written by our own small PDF writer: JPEG data goes in as it is, other images losslessly, EXIF
 * orientation applied by the page, not by re-encoding. One PDF with a page per image (in upload order), or a ZIP
 * with one PDF per image. With `cleanUp`, each photo is cropped to its sheet of paper and its levels stretched
 * first (cleaned-pages.ts).
 */
export const jpgToPdf: ToolRunner<'jpg-to-pdf'> = async (files, options, context) => {
  if (files.length === 0) throw new ToolError('missing_file', tool.noFileDescription);
  // Every file's type first, so a wrong file fails the job before any image is decoded.
  const typed = await Promise.all(files.map(async (file) => ({ file, type: await imageType(file) })));
  const layout = { ...options, maxPages: context.limits.maxPages, signal: context.signal };
  let done = 0;
  const report = () => context.progress?.({ stage: 'Converting', done: ++done, total: files.length });
  const pagesOf = options.cleanUp ? cleanedPages : imagePages;

  if (options.output === 'one' || files.length === 1) {
    const output = tempPath(context, 'images');
    await writeImageDocument(output, allPages(typed, pagesOf, context, report), layout);
    return { path: output, download: tool.download };
  }
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  for (const { file, type } of typed) {
    const path = tempPath(context, 'image');
    await writeImageDocument(path, pagesOf(file.path, type, context), layout);
    report();
    entries.push({ name: uniqueName(`${uploadStem(file.name)}.pdf`, names), path, store: 'if-incompressible' });
  }
  const zip = tempPath(context, 'images-pdf', '.zip');
  await writeZip(zip, entries, context.signal);
  return { path: zip, download: tool.extraDownloads[0] };
};

async function* allPages(
  typed: readonly { file: InputFile; type: ImageType }[],
  pagesOf: typeof imagePages,
  context: Parameters<typeof imagePages>[2],
  report: () => void,
): AsyncGenerator<ImagePage> {
  for (const { file, type } of typed) {
    yield* pagesOf(file.path, type, context);
    report();
  }
}

/** Two uploads called photo.jpg give photo.pdf and photo-2.pdf. */
function uniqueName(wanted: string, taken: Set<string>): string {
  let candidate = wanted;
  for (let n = 2; taken.has(candidate); n++) candidate = wanted.replace(/\.pdf$/, `-${n}.pdf`);
  taken.add(candidate);
  return candidate;
}

async function imageType(file: InputFile): Promise<ImageType> {
  const handle = await open(file.path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    const type = detectFileType(head.subarray(0, bytesRead));
    const accepted: readonly string[] = acceptedTypes.JPG;
    if (!type || !accepted.includes(type)) throw new ToolError('unsupported_file_type', tool.invalidTypeDescription);
    return type as ImageType;
  } finally {
    await handle.close();
  }
}
