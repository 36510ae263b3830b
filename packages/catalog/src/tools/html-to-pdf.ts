import FileCode from 'lucide/dist/esm/icons/file-code.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { booleanField, enumField } from '../option-fields.js';
import { type PaperSize, paperLabel } from '../paper-sizes.js';
import { type FileKind, type ToolEntry, pdfDownload } from '../tool-entry.js';

/** A web page alone, or a ZIP of the page with its style sheets, images and fonts. */
export const htmlInput = {
  label: 'HTML',
  mimeTypes: ['text/html', 'application/zip'],
  extensions: ['.html', '.htm', '.zip'],
} as const satisfies FileKind;

/** The margin on every side of the page, in millimetres. */
export const htmlPageMargins = { none: 0, small: 10, normal: 20 } as const;

const pageSizeIds = ['a4', 'letter', 'legal'] as const satisfies readonly PaperSize[];
const marginIds = ['none', 'small', 'normal'] as const satisfies readonly (keyof typeof htmlPageMargins)[];
const { small, normal } = htmlPageMargins;

export const htmlToPdf = {
  functionName: 'html-to-pdf',
  title: 'HTML to PDF',
  shortDescription: 'Turn a web page into a PDF',
  description:
    'Convert an HTML page to PDF on the paper size and margins you choose. Upload the .html file alone, or a ZIP of the page with its style sheets, images and fonts. The page is drawn offline: scripts never run and nothing is loaded from the internet, so remote images are left out.',
  keywords: ['html to pdf', 'convert html to pdf', 'web page to pdf', 'save html as pdf'],
  category: 'convert-to-pdf',
  searchKeywords: ['web page', 'website', 'htm', 'css', 'convert'],
  popular: false,
  inMenu: false,
  input: htmlInput,
  files: { min: 1, max: 1 },
  options: z.object({
    pageSize: enumField('Page size', pageSizeIds, 'a4').register(formFields, {
      label: 'Page size',
      control: {
        kind: 'select',
        choices: [
          { value: 'a4', label: paperLabel('a4', 'A4') },
          { value: 'letter', label: paperLabel('letter', 'Letter') },
          { value: 'legal', label: paperLabel('legal', 'Legal') },
        ],
      },
    }),
    orientation: enumField('Orientation', ['portrait', 'landscape'], 'portrait').register(formFields, {
      label: 'Orientation',
      control: { kind: 'select' },
    }),
    margins: enumField('Margins', marginIds, 'normal').register(formFields, {
      label: 'Margins',
      control: {
        kind: 'select',
        choices: [
          { value: 'none', label: 'None' },
          { value: 'small', label: `Small (${small} mm)` },
          { value: 'normal', label: `Normal (${normal} mm)` },
        ],
      },
    }),
    backgrounds: booleanField('Print backgrounds', true).register(formFields, {
      label: 'Print background colours and images',
      control: { kind: 'checkbox' },
    }),
  }),
  formColumns: 2,
  actionLabel: 'Convert to PDF',
  busyLabel: 'Converting...',
  successToast: 'Your web page has been converted to PDF successfully.',
  errorToast: 'Failed to convert HTML to PDF. Please try again.',
  invalidTypeDescription: 'Only HTML pages (.html, .htm) or a ZIP holding one are supported for conversion to PDF.',
  noFileDescription: 'Please upload an HTML file or a ZIP of your page to convert to PDF.',
  download: pdfDownload('converted-page.pdf'),
  icon: FileCode,
  apiExample: { pageSize: 'letter', margins: 'small' },
  sampleOptions: { pageSize: 'a4', margins: 'small' },
  readsPageContent: false,
  longJobFromBytes: 0,
} as const satisfies ToolEntry;
