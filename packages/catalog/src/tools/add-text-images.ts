import TypeIcon from 'lucide/dist/esm/icons/type.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

/** The type families a text box can use; Noto fonts of each script fill in for letters the family lacks. */
export const textFonts = ['sans', 'serif', 'mono'] as const;
export type TextFont = (typeof textFonts)[number];

/** Where a text box's lines sit: `start` is left for left-to-right text, right for Arabic or Hebrew. */
export const textAlignments = ['start', 'left', 'center', 'right'] as const;
export type TextAlignment = (typeof textAlignments)[number];

export const MAX_PLACED_ITEMS = 200;
export const MAX_PLACED_IMAGES = 20;
export const MAX_TEXT_LENGTH = 5000;
/** Text sizes in points. */
export const TEXT_SIZE = { min: 4, max: 300, default: 14 } as const;

const fraction = (name: string) =>
  z
    .number({ error: `${name} must be a number from 0 to 1.` })
    .min(0, `${name} must be from 0 to 1.`)
    .max(1, `${name} must be from 0 to 1.`);

const itemSchema = z
  .object({
    page: z.number({ error: 'Each item needs a page number.' }).int().min(1, 'Page numbers start at 1.'),
    kind: z.enum(['text', 'image'], { error: 'An item is of kind "text" or "image".' }),
    x: fraction('x'),
    y: fraction('y'),
    width: fraction('width').min(0.005, 'A box must be at least 0.5 % of the page wide.'),
    height: fraction('height').min(0.005, 'A box must be at least 0.5 % of the page high.'),
    text: z.string().max(MAX_TEXT_LENGTH, `A text box can hold at most ${MAX_TEXT_LENGTH} characters.`).optional(),
    font: z.enum(textFonts, { error: `The font is one of: ${textFonts.join(', ')}.` }).default('sans'),
    size: z
      .number()
      .min(TEXT_SIZE.min, `Text size must be from ${TEXT_SIZE.min} to ${TEXT_SIZE.max} pt.`)
      .max(TEXT_SIZE.max, `Text size must be from ${TEXT_SIZE.min} to ${TEXT_SIZE.max} pt.`)
      .default(TEXT_SIZE.default),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex value such as #1a1a1a.')
      .transform((value) => value.toLowerCase())
      .default('#000000'),
    bold: z.boolean().default(false),
    align: z.enum(textAlignments, { error: `Alignment is one of: ${textAlignments.join(', ')}.` }).default('start'),
    opacity: z
      .number()
      .min(0.05, 'Opacity must be from 0.05 to 1.')
      .max(1, 'Opacity must be from 0.05 to 1.')
      .default(1),
    image: z.number().int().min(0, 'Picture numbers start at 0.').optional(),
  })
  .superRefine((item, ctx) => {
    if (item.kind === 'text' && !item.text?.trim()) {
      ctx.addIssue({ code: 'custom', message: `The text box on page ${item.page} is empty: type some text.` });
    }
    if (item.kind === 'image' && item.image === undefined) {
      ctx.addIssue({ code: 'custom', message: `The picture on page ${item.page} needs "image": which upload it is.` });
    }
  });

export type PlacedItem = z.output<typeof itemSchema>;

const itemList = z
  .array(itemSchema, { error: 'Items must be a list of text boxes and pictures.' })
  .min(1, 'Add at least one text box or picture to place on the pages.')
  .max(MAX_PLACED_ITEMS, `At most ${MAX_PLACED_ITEMS} text boxes and pictures can be placed at once.`);

/** The items as a JSON array, or its text in a form field. */
const itemsField = z
  .union([
    itemList,
    z
      .string()
      .trim()
      .transform((raw, ctx) => {
        if (raw === '') return [];
        try {
          return JSON.parse(raw) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'Items must be a JSON array.' });
          return z.NEVER;
        }
      })
      .pipe(itemList),
  ])
  .optional()
  .superRefine((value, ctx) => {
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Add at least one text box or picture to place on the pages.' });
    }
  })
  .transform((value) => value ?? [])
  .meta({
    description:
      'What to place: a JSON array of `{ "page": 1, "kind": "text" | "image", "x", "y", "width", "height" }`, the box as fractions (0 to 1) of the page as shown, from its top-left corner. Text boxes: `text` (wraps inside the box; new lines kept), `font` (sans, serif, mono; default sans), `size` in points (default 14), `color` (#rrggbb), `bold`, `align` (start, left, center, right), `opacity` (0.05 to 1). Pictures: `image`, the number of the uploaded picture (0 for the first), drawn as large as fits the box.',
  });

export const addTextImages = {
  functionName: 'add-text-images',
  title: 'Add Text and Images to PDF',
  shortDescription: 'Type text and place pictures on your pages',
  description:
    'Add text boxes and pictures to a PDF: pick a page, place each box on its preview and drag or resize it, then choose the font, size, colour and alignment. Text in any language works, Arabic and Hebrew from right to left and Chinese, Japanese and Korean included, and it wraps inside its box. PNG and JPG pictures keep their proportions. Everything becomes part of the page, so every viewer and printer shows it, and the text can still be searched and copied.',
  keywords: ['add text to pdf', 'add image to pdf', 'edit pdf', 'write on pdf', 'insert picture in pdf'],
  category: 'edit',
  searchKeywords: ['edit', 'text box', 'type', 'write', 'picture', 'logo', 'photo', 'annotate', 'insert'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  dataFile: {
    field: 'images',
    extensions: ['.png', '.jpg', '.jpeg'],
    mimeTypes: ['image/png', 'image/jpeg'],
    maxBytes: 10 * 1024 * 1024,
    maxCount: MAX_PLACED_IMAGES,
    description: `Optional: the pictures to place (PNG or JPG), in order: the first is picture 0; at most ${MAX_PLACED_IMAGES}.`,
  },
  options: z.object({
    items: itemsField.register(formFields, {
      label: 'Text boxes and pictures (JSON)',
      control: { kind: 'text' },
      hint: 'Placed on the page previews: add a text box or a picture, then drag it where it goes.',
      wide: true,
      whenBlank: 'disables-action',
      missingTitle: 'Nothing to add',
    }),
  }),
  actionLabel: 'Add to PDF',
  busyLabel: 'Adding to PDF...',
  successToast: 'Your text and pictures have been added to the PDF.',
  errorToast: 'Failed to add text and pictures. Please try again.',
  invalidTypeDescription: 'Only PDF files can be edited here.',
  noFileDescription: 'Please upload a PDF file to add text or pictures to.',
  download: pdfDownload('edited-document.pdf'),
  icon: TypeIcon,
  apiExample: {
    items: '[{"page":1,"kind":"text","x":0.1,"y":0.1,"width":0.5,"height":0.1,"text":"Approved","size":24}]',
  },
  sampleOptions: {
    items: [
      { page: 1, kind: 'text', x: 0.1, y: 0.05, width: 0.8, height: 0.1, text: 'PaperKnife: مرحبا 你好', size: 18 },
    ],
  },
  readsPageContent: false,
} as const satisfies ToolEntry;
