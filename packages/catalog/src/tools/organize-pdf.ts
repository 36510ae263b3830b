import LayoutGrid from 'lucide/dist/esm/icons/layout-grid.mjs';
import { z } from 'zod';
import { ToolError } from '../errors.js';
import { formFields } from '../form-fields.js';
import { PAGE_SPEC_EXAMPLE, parsePageSpec } from '../page-spec.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

/** The new page order: syntax checked here (page-spec.ts); page numbers against the document by the engine. */
const orderField = z
  .string({ error: 'The page order must be text.' })
  .trim()
  .max(4000, 'The page order is too long.')
  .optional()
  .superRefine((value, ctx) => {
    try {
      parsePageSpec(value ?? '');
    } catch (error) {
      const message = error instanceof ToolError ? error.message : 'The page order is not valid.';
      ctx.addIssue({ code: 'custom', message, params: { errorCode: 'invalid_page_range' } });
    }
  })
  .transform((value) => value ?? '')
  .meta({
    description:
      'The pages of the new PDF, in order: comma-separated items. `3` a page, `1-3` a range, `5-` from page 5 to ' +
      'the last; `blank` a blank page the size of the page before it (after it, when first); a suffix `r90`, ' +
      '`r180` or `r270` turns the item clockwise on top of its own rotation (`4r90`, `1-3r180`). Pages may repeat ' +
      '(copies) and pages left out are deleted; at least one page of the PDF must stay. Spaces are ignored. ' +
      `Example: ${PAGE_SPEC_EXAMPLE}.`,
    examples: [PAGE_SPEC_EXAMPLE, '2,1,3-', '1-4,blank,5-r90', '1,1,2-'],
  });

export const organizePdf = {
  functionName: 'organize-pdf',
  title: 'Organize PDF',
  shortDescription: 'Reorder, rotate, delete and add pages',
  description:
    'Put the pages of a PDF in a new order, turn single pages, remove the ones you do not need, copy pages and add blank pages, then download the result. Pages are copied as they are, with their links, form fields and bookmarks, so nothing loses quality.',
  keywords: ['organize pdf', 'reorder pdf pages', 'rearrange pdf pages', 'sort pdf pages', 'insert blank page pdf'],
  category: 'organize',
  searchKeywords: ['reorder', 'rearrange', 'sort', 'move pages', 'insert blank page'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    order: orderField.register(formFields, {
      label: 'New page order',
      control: { kind: 'text' },
      placeholder: PAGE_SPEC_EXAMPLE,
      hint: 'Pages and ranges in their new order; leave a page out to delete it. Add r90, r180 or r270 to turn a page, and "blank" for a blank page.',
      whenBlank: 'disables-action',
      missingTitle: 'No page order',
    }),
  }),
  actionLabel: 'Organize PDF',
  busyLabel: 'Organizing Pages...',
  successToast: 'Your PDF has been organized successfully.',
  errorToast: 'Failed to organize PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for organizing pages.',
  noFileDescription: 'Please upload a PDF file to organize.',
  download: pdfDownload('organized-document.pdf'),
  icon: LayoutGrid,
  apiExample: { order: PAGE_SPEC_EXAMPLE },
  sampleOptions: { order: '1-,1r90,blank' },
  readsPageContent: false,
} as const satisfies ToolEntry;
