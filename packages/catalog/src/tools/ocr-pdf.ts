import ScanText from 'lucide/dist/esm/icons/scan-text.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { OCR_MAX_LANGUAGES, ocrLanguageCodes, ocrLanguages, ocrLanguagesField } from '../ocr-languages.js';
import { booleanField, enumField } from '../option-fields.js';
import { type ToolEntry, pdfDownload, pdfInput, zipDownload } from '../tool-entry.js';

/** What happens to pages that already have text: OCRmyPDF's --skip-text, --redo-ocr and --force-ocr. */
const ocrTextModes = ['skip', 'redo', 'force'] as const;

const moreOptions = 'Page clean-up and output';

export const ocrPdf = {
  functionName: 'ocr-pdf',
  title: 'OCR PDF',
  shortDescription: 'Make scanned PDFs searchable',
  description:
    'Recognise the text in scanned pages and photographed documents, so you can search it, select it and copy it. Each page keeps its original image; the recognised text is laid invisibly over the words it came from. Choose the languages of the document; pages that already have text are left as they are unless you ask otherwise.',
  keywords: ['ocr pdf', 'searchable pdf', 'scanned pdf to text', 'make pdf searchable', 'pdf text recognition'],
  category: 'optimize',
  searchKeywords: ['scan', 'scanned', 'text recognition', 'recognize', 'searchable'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  formColumns: 2,
  options: z
    .object({
      languages: ocrLanguagesField().register(formFields, {
        label: 'Document languages',
        control: {
          kind: 'checkboxes',
          choices: ocrLanguageCodes.map((code) => ({ value: code, label: ocrLanguages[code] })),
          joiner: '+',
        },
        hint: `The languages the text is written in: one, or up to ${OCR_MAX_LANGUAGES} for a mixed document (each one makes OCR slower).`,
        wide: true,
      }),
      pagesWithText: enumField('Pages that already have text', ocrTextModes, 'skip').register(formFields, {
        label: 'Pages that already have text',
        control: {
          kind: 'radio-cards',
          choices: [
            { value: 'skip', label: 'Skip them', description: 'Only pages without text are recognised.' },
            {
              value: 'redo',
              label: 'Redo OCR',
              description: 'Replace an earlier invisible OCR layer; visible text stays.',
            },
            {
              value: 'force',
              label: 'Rasterise all',
              description: 'Turn every page into an image, then recognise it. Text becomes a picture.',
            },
          ],
        },
        wide: true,
      }),
      rotatePages: booleanField('Auto-rotate pages', false).register(formFields, {
        label: 'Turn pages the right way up',
        control: { kind: 'checkbox' },
        hint: 'Pages scanned sideways or upside down are turned to follow their text.',
      }),
      deskew: booleanField('Deskew', false).register(formFields, {
        label: 'Straighten crooked pages',
        control: { kind: 'checkbox' },
        hint: 'Slightly tilted scans are turned straight before recognition.',
      }),
      clean: booleanField('Clean', false).register(formFields, {
        label: 'Clean before recognising',
        control: { kind: 'checkbox' },
        hint: 'Removes specks and scanner borders for better recognition; the page you see stays as it was.',
        group: moreOptions,
      }),
      pdfa: booleanField('PDF/A-2b output', false).register(formFields, {
        label: 'Save as PDF/A-2b for archiving',
        control: { kind: 'checkbox' },
        hint: 'The long-term archive format. Forms and scripts are dropped.',
        group: moreOptions,
      }),
      textFile: booleanField('Plain-text file too', false).register(formFields, {
        label: 'Also give me the text as a .txt file',
        control: { kind: 'checkbox' },
        hint: 'You get a ZIP with the searchable PDF and the recognised text.',
        group: moreOptions,
      }),
    })
    .superRefine((value, ctx) => {
      // OCRmyPDF cannot straighten a page while it keeps the page's visible text in place (--redo-ocr).
      if (value.pagesWithText === 'redo' && value.deskew) {
        ctx.addIssue({
          code: 'custom',
          path: ['deskew'],
          message: 'Straightening pages cannot be combined with Redo OCR. Turn one of them off.',
          params: { errorCode: 'invalid_option' },
        });
      }
    }),
  actionLabel: 'OCR PDF',
  busyLabel: 'Recognising text...',
  successToast: 'Your PDF is now searchable.',
  errorToast: 'Failed to recognise the text in your PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for OCR.',
  noFileDescription: 'Please upload a PDF file to make searchable.',
  download: pdfDownload('ocr-document.pdf'),
  /** With `textFile`: the PDF and its text, `ocr-document.pdf` and `ocr-document.txt`, in one ZIP. */
  extraDownloads: [zipDownload('ocr-document.zip')],
  icon: ScanText,
  apiExample: { languages: 'eng+deu', rotatePages: 'true' },
  sampleOptions: { languages: 'eng', textFile: true },
  readsPageContent: true,
  // A scanned page takes OCRmyPDF 2-30 s: the sweep runs it on one-page documents of up to 32 KB (23 files, 15-30 s
  // of jobs); the engine tests OCR generated scans.
  sampleLimits: { maxPages: 1, maxBytes: 32 * 1024 },
  longJobFromBytes: 0,
  usesSeveralCores: true,
} as const satisfies ToolEntry;
