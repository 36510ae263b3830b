import RotateCw from 'lucide/dist/esm/icons/rotate-cw.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { optionalPageRange } from '../option-fields.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

export const rotateAngles = [90, 180, 270] as const;

const angleField = z
  .union([z.enum(['90', '180', '270']), z.literal(rotateAngles)], { error: 'Angle must be 90, 180 or 270.' })
  .default('90')
  .transform((angle) => Number(angle) as (typeof rotateAngles)[number])
  .meta({ description: 'Clockwise rotation in degrees: 90, 180 or 270. Default 90.' });

export const rotatePdf = {
  functionName: 'rotate-pdf',
  title: 'Rotate PDF',
  shortDescription: 'Turn pages to the right orientation',
  description:
    'Turn every page, or only the pages you list, by 90, 180 or 270 degrees clockwise. The rotation is added to any rotation the pages already have, and the content itself is untouched, so nothing loses quality.',
  keywords: ['rotate pdf', 'turn pdf pages', 'pdf rotation', 'fix pdf orientation'],
  category: 'organize',
  searchKeywords: ['turn', 'orientation', 'landscape', 'portrait', 'upside down'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    angle: angleField.register(formFields, {
      label: 'Rotation angle',
      control: {
        kind: 'select',
        choices: [
          { value: '90', label: '90° clockwise' },
          { value: '180', label: '180°' },
          { value: '270', label: '270° clockwise (90° counter-clockwise)' },
        ],
      },
    }),
    pages: optionalPageRange().register(formFields, {
      label: 'Pages',
      control: { kind: 'text' },
      placeholder: '1-3,5',
      hint: 'Page numbers and ranges, e.g. 1-3,5.',
      shownWhen: { field: 'scope', equals: 'selected' },
      pickPages: {
        listLabel: 'Page previews: choose which to turn',
        shows: 'turned',
        turnedBy: 'angle',
        blankMeansAll: true,
      },
    }),
  }),
  pageOnlyFields: {
    scope: {
      after: 'angle',
      label: 'Pages to rotate',
      control: {
        kind: 'select',
        choices: [
          { value: 'all', label: 'All pages' },
          { value: 'selected', label: 'Selected pages' },
        ],
      },
      initial: 'all',
    },
  },
  formColumns: 2,
  actionLabel: 'Rotate PDF',
  busyLabel: 'Rotating Pages...',
  successToast: 'Your PDF has been rotated successfully.',
  errorToast: 'Failed to rotate PDF file. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for rotation.',
  noFileDescription: 'Please upload a PDF file to rotate.',
  download: pdfDownload('rotated-document.pdf'),
  icon: RotateCw,
  apiExample: { angle: '90', pages: '2,5-7' },
  sampleOptions: { angle: '90' },
  readsPageContent: false,
} as const satisfies ToolEntry;
