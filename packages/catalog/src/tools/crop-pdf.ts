import Crop from 'lucide/dist/esm/icons/crop.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { booleanField, enumField, numberField, pagesToStampField } from '../option-fields.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

export const cropModes = ['trim-white', 'margins'] as const;
export const cropSides = ['top', 'right', 'bottom', 'left'] as const;
/** Largest margin the API takes, in millimetres (a bit over A0's long side). */
const MAX_MARGIN_MM = 1200;

const sideLabels = { top: 'Top', right: 'Right', bottom: 'Bottom', left: 'Left' } as const;

/** One side's margin in millimetres, measured on the page as it is shown (after its rotation). */
function marginField(side: (typeof cropSides)[number]) {
  const label = `${sideLabels[side]} margin (mm)`;
  return numberField({ label, min: 0, max: MAX_MARGIN_MM, default: 0 }).register(formFields, {
    label,
    control: { kind: 'number' },
    shownWhen: { field: 'mode', equals: 'margins' },
  });
}

export const cropPdf = {
  functionName: 'crop-pdf',
  title: 'Crop PDF',
  shortDescription: 'Cut the margins off your pages',
  description:
    'Crop the pages of a PDF: trim the white margins around the content automatically, page by page or with one box for every page, or cut margins of your own from each side. Cropping sets the visible area of each page: what lies outside is hidden, so the original page can be brought back, or, if you choose, removed from the file for good.',
  keywords: ['crop pdf', 'trim pdf margins', 'remove white margins pdf', 'cut pdf pages', 'pdf crop box'],
  category: 'edit',
  searchKeywords: ['trim', 'margins', 'cut', 'white space', 'crop box'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    mode: enumField('Crop', cropModes, 'trim-white').register(formFields, {
      label: 'Crop',
      control: {
        kind: 'radio-cards',
        choices: [
          {
            value: 'trim-white',
            label: 'Trim white margins',
            description: 'Finds the content of each page and cuts the white space around it.',
          },
          { value: 'margins', label: 'Margins', description: 'Cuts the margins you set from each side.' },
        ],
      },
      wide: true,
    }),
    top: marginField('top'),
    right: marginField('right'),
    bottom: marginField('bottom'),
    left: marginField('left'),
    sameBox: booleanField('One box for all pages', false).register(formFields, {
      label: 'One box for all pages',
      control: { kind: 'checkbox' },
      hint: 'Cuts the same margins from every page, as small as the fullest page needs, so the pages keep one size.',
      shownWhen: { field: 'mode', equals: 'trim-white' },
      wide: true,
    }),
    removeOutside: booleanField('Remove the content outside', false).register(formFields, {
      label: 'Remove the content outside',
      control: { kind: 'checkbox' },
      hint: 'Deletes the text, images and drawings outside the crop from the file, so nobody can bring them back or copy them out. Without it they are only hidden.',
      wide: true,
    }),
    pages: pagesToStampField(),
  }),
  formColumns: 2,
  actionLabel: 'Crop PDF',
  busyLabel: 'Cropping...',
  successToast: 'Your PDF has been cropped successfully.',
  errorToast: 'Failed to crop PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for cropping.',
  noFileDescription: 'Please upload a PDF file to crop.',
  download: pdfDownload('cropped-document.pdf'),
  icon: Crop,
  apiExample: { mode: 'margins', top: '15', bottom: '15' },
  sampleOptions: { mode: 'trim-white' },
  readsPageContent: true,
} as const satisfies ToolEntry;
