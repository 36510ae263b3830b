import Scissors from 'lucide/dist/esm/icons/scissors.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { enumField, numberField, optionalPageRange } from '../option-fields.js';
import { type ToolEntry, pdfInput, zipDownload } from '../tool-entry.js';

export const splitModes = ['pages', 'ranges', 'every'] as const;

const options = z
  .object({
    mode: enumField('Split method', splitModes, 'pages').register(formFields, {
      label: 'Choose Method',
      control: {
        kind: 'radio-cards',
        choices: [
          { value: 'pages', label: 'Each page', description: 'One PDF per page.' },
          { value: 'ranges', label: 'Custom ranges', description: 'One PDF per range you type.' },
          { value: 'every', label: 'Every N pages', description: 'Equal parts of N pages each.' },
        ],
      },
    }),
    ranges: optionalPageRange()
      .meta({ description: 'With mode=ranges: one output file per range, e.g. 1-3,4-6,7-.' })
      .register(formFields, {
        label: 'Ranges',
        control: { kind: 'text' },
        placeholder: '1-3,4-6,7-',
        hint: 'One file per range, e.g. 1-3,4-6,7- (7- means page 7 to the end).',
        shownWhen: { field: 'mode', equals: 'ranges' },
        pickPages: { listLabel: 'Page previews: choose the pages of each file', shows: 'files' },
      }),
    every: numberField({ label: 'Pages per file', min: 1, max: 10000, integer: true }).register(formFields, {
      label: 'Pages per file',
      control: { kind: 'number' },
      shownWhen: { field: 'mode', equals: 'every' },
      initial: '2',
    }),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'ranges' && !value.ranges) {
      ctx.addIssue({
        code: 'custom',
        path: ['ranges'],
        message: 'Enter the ranges to split at, for example 1-3,4-6,7-.',
        params: { errorCode: 'invalid_page_range' },
      });
    }
    if (value.mode === 'every' && value.every === undefined) {
      ctx.addIssue({ code: 'custom', path: ['every'], message: 'Enter how many pages each file should have.' });
    }
  });

export const splitPdf = {
  functionName: 'split-pdf',
  title: 'Split PDF',
  shortDescription: 'Separate pages into individual files',
  description:
    'Break a PDF into smaller files: one file per page, one file per range you type (such as 1-3,4-6,7-), or a new file every N pages. The parts come back in one ZIP, each named after your original file and the pages it holds.',
  keywords: ['split pdf', 'separate pdf pages', 'pdf splitter', 'divide pdf'],
  category: 'organize',
  searchKeywords: ['separate', 'divide', 'cut', 'break up'],
  popular: true,
  inMenu: true,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options,
  actionLabel: 'Split PDF',
  busyLabel: 'Splitting PDF...',
  successToast: 'Your PDF has been split successfully.',
  errorToast: 'Failed to split PDF file. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for splitting.',
  noFileDescription: 'Please upload a PDF file to split.',
  download: zipDownload('split-pages.zip'),
  icon: Scissors,
  apiExample: { mode: 'ranges', ranges: '1-3,4-' },
  sampleOptions: {},
  readsPageContent: false,
} as const satisfies ToolEntry;
