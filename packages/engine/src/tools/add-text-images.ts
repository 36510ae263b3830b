import { ToolError } from '@paperknife/catalog/errors';
import { tools } from '@paperknife/catalog/tools';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { identifyFileAt } from '../preflight/file-type.js';
import { tempPath } from '../jobs/temp-path.js';
import { mupdfPool } from '../mupdf/pool.js';
import { optimizeLossless } from '../programs/qpdf.js';
import type { PageItem } from '../stamping/place-items-task.js';
import { hexToRgb } from '../stamping/stamp-pages.js';
import type { StampingTasks } from '../stamping/stamping-tasks.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

const pool = mupdfPool<StampingTasks>();

/**
 * Text boxes and pictures drawn on pages as page content: the PDF comes first, then the uploaded pictures in order
 * (the catalogue's `images` field), which items name by number. The result is rewritten losslessly by qpdf.
 */
export const addTextImages: ToolRunner<'add-text-images'> = async (files, options, context) => {
  const [document, ...pictures] = files;
  if (!document) throw new ToolError('missing_file');
  if (options.items.length === 0) {
    throw new ToolError('invalid_option', 'Add at least one text box or picture to place on the pages.');
  }
  for (const [index, picture] of pictures.entries()) {
    const type = await identifyFileAt(picture.path);
    if (type !== 'png' && type !== 'jpeg') {
      throw new ToolError(
        'unsupported_file_type',
        `Picture ${index} (${picture.name}) is not a PNG or JPEG image: convert it to PNG or JPG first.`,
      );
    }
  }
  const input = await preparePdfInput(document, context);
  const items = options.items.map((item): PageItem => {
    if (item.page > input.pageCount) {
      throw new ToolError(
        'page_out_of_range',
        `This PDF has ${input.pageCount} pages: place items on pages 1 to ${input.pageCount}.`,
      );
    }
    const box = { page: item.page, x: item.x, y: item.y, width: item.width, height: item.height };
    return item.kind === 'image'
      ? { ...box, kind: 'image', image: item.image ?? 0, opacity: item.opacity }
      : {
          ...box,
          kind: 'text',
          text: item.text ?? '',
          font: item.font,
          bold: item.bold,
          size: item.size,
          color: hexToRgb(item.color),
          align: item.align,
          opacity: item.opacity,
        };
  });
  const placed = tempPath(context, 'items-placed');
  await pool.run(
    'place-items',
    { input: input.path, output: placed, items, images: pictures.map(({ path, name }) => ({ path, name })) },
    { signal: context.signal, timeoutMs: context.limits.jobTimeoutMs },
  );
  const output = tempPath(context, 'edited-document');
  await optimizeLossless(placed, output, context);
  return { path: output, download: tools['add-text-images'].download };
};
