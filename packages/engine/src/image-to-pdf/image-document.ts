import { ToolError } from '@paperknife/catalog/errors';
import { writeImage } from './image-xobject.js';
import { type LayoutOptions, layoutPage } from './page-layout.js';
import { type PdfRef, name } from '@paperknife/qpdf-jobs/pdf-syntax';
import { PdfFileWriter } from './pdf-file-writer.js';
import type { ImagePage } from './pdf-image.js';

/**
 * Writes one PDF with a page per image, each image written to disk before the next is decoded. `maxPages` bounds
 * the pages (a TIFF can hold thousands); returns how many were written.
 */
export async function writeImageDocument(
  path: string,
  sources: AsyncIterable<ImagePage>,
  options: LayoutOptions & { maxPages: number; signal: AbortSignal },
): Promise<number> {
  const writer = await PdfFileWriter.create(path);
  try {
    const pageTree = writer.reserve();
    const pages: PdfRef[] = [];
    for await (const source of sources) {
      options.signal.throwIfAborted();
      if (pages.length === options.maxPages) {
        throw new ToolError('too_many_pages', `The images give more than ${options.maxPages} pages, the limit.`);
      }
      const layout = layoutPage(source, options);
      const image = await writeImage(writer, source.image);
      // A few dozen bytes: compressing would only add to them.
      const content = await writer.add({}, Buffer.from(layout.content, 'latin1'));
      pages.push(
        await writer.add({
          Type: name('Page'),
          Parent: pageTree,
          MediaBox: [0, 0, layout.width, layout.height],
          Resources: { XObject: { Im0: image } },
          Contents: content,
        }),
      );
    }
    if (pages.length === 0) throw new ToolError('damaged_image');
    await writer.add({ Type: name('Pages'), Kids: pages, Count: pages.length }, undefined, pageTree);
    const catalog = await writer.add({ Type: name('Catalog'), Pages: pageTree });
    const info = await writer.add({ Producer: 'PaperKnife' });
    await writer.finish(catalog, info);
    return pages.length;
  } catch (error) {
    await writer.abandon();
    throw error;
  }
}
