import { z } from 'zod';

/**
 * Redact PDF's shared facts: the kinds of data its presets find, the boxes it takes, the hits its search answers
 * and the report headers of a run. The engine, the server's documents and the page read them from here.
 */

export const redactionPresets = ['email', 'phone', 'iban', 'card', 'date'] as const;
export type RedactionPreset = (typeof redactionPresets)[number];

/** The presets as the page lists them. */
export const redactionPresetLabels: Readonly<Record<RedactionPreset, string>> = {
  email: 'E-mail addresses',
  phone: 'Phone numbers',
  iban: 'IBANs',
  card: 'Card numbers',
  date: 'Dates',
};

/** A rectangle on a page, in points from the top-left corner of the page as it is shown (rotation applied). */
export type PageRect = [x0: number, y0: number, x1: number, y1: number];

/** One area to black out: a page (1-based) and a rectangle on it, with the text it covers when known. */
export interface RedactionBox {
  page: number;
  rect: PageRect;
  /** The words under the box (a reviewed search hit): also removed from bookmarks, metadata, notes and forms. */
  text?: string | undefined;
}

/** One match of a search: where it is (a rectangle per line it spans), what it says and the words around it. */
export interface RedactionHit {
  page: number;
  text: string;
  /** The words before and after the match on its page, for the review list. */
  before: string;
  after: string;
  rects: PageRect[];
}

/** What the search answers (`output=hits`): the hits in page order, and each page's size for drawing them. */
export interface RedactionHits {
  pages: { page: number; width: number; height: number }[];
  hits: RedactionHit[];
}

export const MAX_REDACTION_BOXES = 5000;

const boxSchema = z.object({
  page: z.number().int().min(1),
  rect: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  text: z.string().max(1000).optional(),
});
const boxList = z
  .array(boxSchema)
  .max(MAX_REDACTION_BOXES, `At most ${MAX_REDACTION_BOXES} boxes can be redacted at once.`);

/** Boxes as a JSON array, or its text in a form field. */
export function redactionBoxesField() {
  return z
    .union([
      boxList,
      z
        .string()
        .trim()
        .transform((raw, ctx) => {
          try {
            return JSON.parse(raw) as unknown;
          } catch {
            ctx.addIssue({ code: 'custom', message: 'Boxes must be a JSON array.' });
            return z.NEVER;
          }
        })
        .pipe(boxList),
    ])
    .optional()
    .meta({
      description:
        'Areas to black out: a JSON array of `{ "page": 1, "rect": [x0, y0, x1, y1] }`, in points from the top-left corner of the page as shown; `text` (optional) is what the box covers, also removed from bookmarks, metadata, notes and form values.',
    });
}

/** The presets as one comma-separated string (`email,phone`), as the page's checkboxes send them. */
export function redactionPresetsField() {
  return z
    .string()
    .trim()
    .max(200)
    .transform((raw, ctx) => {
      const names = raw
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const unknown = names.find((name) => !(redactionPresets as readonly string[]).includes(name));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: `Presets must be among: ${redactionPresets.join(', ')}.` });
        return z.NEVER;
      }
      return [...new Set(names)] as RedactionPreset[];
    })
    .optional()
    .meta({ description: `What else to find, comma-separated: ${redactionPresets.join(', ')}.` });
}

/** The report of a run: how many areas were blacked out on each page, and other places strings were removed. */
export const redactionHeaders = {
  pages: {
    name: 'X-Redacted-Areas',
    description:
      'Areas blacked out per page, as `page:count` pairs joined with commas (`1:3,4:1`); empty when nothing matched.',
  },
  elsewhere: {
    name: 'X-Redacted-Elsewhere',
    description:
      'How many bookmarks, document metadata fields, annotation notes and form values had a redacted string removed.',
  },
} as const;

/** `1:3,4:1` -> [{ page: 1, count: 3 }, { page: 4, count: 1 }]; malformed pairs are skipped. */
export function parseRedactedAreas(header: string): { page: number; count: number }[] {
  return header
    .split(',')
    .map((pair) => pair.split(':').map(Number))
    .filter((pair): pair is [number, number] => pair.length === 2 && pair.every((n) => Number.isInteger(n) && n > 0))
    .map(([page, count]) => ({ page, count }));
}

export function formatRedactedAreas(counts: ReadonlyMap<number, number>): string {
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([page, count]) => `${page}:${count}`)
    .join(',');
}
