import { z } from 'zod';

/**
 * Compare PDF's answer: the differences between an original and a changed PDF, page pair by page pair. The API gives
 * it as JSON (`format=json`); the PDF report carries the same JSON as its attached file `differences.json`, which the
 * page reads back to show the differences over both documents' pages.
 *
 * Boxes are `[x0, y0, x1, y1]` in PDF points from the page's top-left corner, as the page is shown (its crop box and
 * /Rotate applied).
 */

export const COMPARE_ATTACHMENT = 'differences.json';

export const compareFormats = ['pdf', 'json'] as const;

const box = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type PageBox = z.infer<typeof box>;

const words = z.object({
  /** The words, joined by single spaces. */
  text: z.string(),
  /** Each word's box. */
  boxes: z.array(box),
});

export const textChangeKinds = ['inserted', 'deleted', 'changed'] as const;
export type TextChangeKind = (typeof textChangeKinds)[number];

const textChange = z.object({
  kind: z.enum(textChangeKinds),
  /** The words as the original has them: absent when inserted. */
  original: words.optional(),
  /** The words as the changed document has them: absent when deleted. */
  changed: words.optional(),
});
export type TextChange = z.infer<typeof textChange>;

const pageSize = z.tuple([z.number(), z.number()]);

const pagePair = z.object({
  /** 1-based page of the original; null for a page only the changed document has. */
  original: z.number().int().nullable(),
  /** 1-based page of the changed document; null for a page it no longer has. */
  changed: z.number().int().nullable(),
  /** Width and height in points of each side's page, null where that side has none. */
  originalSize: pageSize.nullable(),
  changedSize: pageSize.nullable(),
  /** The page sits in another place among the pages than in the original. */
  moved: z.boolean(),
  /** Word by word, in reading order. */
  textChanges: z.array(textChange),
  /** Areas drawn differently (images, drawings, colours) where the text alone does not tell; the same on both pages. */
  regions: z.array(box),
});
export type PagePair = z.infer<typeof pagePair>;

const summary = z.object({
  inserted: z.number().int(),
  deleted: z.number().int(),
  changed: z.number().int(),
  regions: z.number().int(),
  movedPages: z.number().int(),
  addedPages: z.number().int(),
  removedPages: z.number().int(),
});
export type CompareSummary = z.infer<typeof summary>;

export const compareDifferencesSchema = z.object({
  originalPages: z.number().int(),
  changedPages: z.number().int(),
  /** Nothing differs: same text on the same pages in the same order, and nothing drawn differently. */
  identical: z.boolean(),
  summary,
  /** Every page pair in the changed document's order, each removed page where it stood in the original. */
  pages: z.array(pagePair),
});
export type CompareDifferences = z.infer<typeof compareDifferencesSchema>;

/** The differences read back from their JSON; undefined when it is not what the engine writes. */
export function parseCompareDifferences(json: string): CompareDifferences | undefined {
  try {
    const parsed = compareDifferencesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a page pair has anything to show: changed words or regions, or a page on one side only. */
export function pairDiffers(pair: PagePair): boolean {
  return (
    pair.original === null ||
    pair.changed === null ||
    pair.moved ||
    pair.textChanges.length > 0 ||
    pair.regions.length > 0
  );
}
