import Images from 'lucide/dist/esm/icons/images.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { booleanField, enumField, numberField } from '../option-fields.js';
import type { PaperSize } from '../paper-sizes.js';
import { type ToolEntry, imageInput, pdfDownload, zipDownload } from '../tool-entry.js';

export const imagePageSizes = ['fit', 'a4', 'letter'] as const satisfies readonly ('fit' | PaperSize)[];
export const imageOrientations = ['auto', 'portrait', 'landscape'] as const;
export const imageOutputs = ['one', 'each'] as const;
/** The JPEG quality of a cleaned photo: new pixels, saved once, without visible loss. */
export const cleanedPhotoQuality = 85;

export const jpgToPdf = {
  functionName: 'jpg-to-pdf',
  title: 'JPG to PDF',
  shortDescription: 'Turn images into a PDF',
  description:
    'Turn photos and pictures (JPG, PNG, WebP, GIF, BMP, TIFF and HEIC from phones) into one PDF, or one PDF per image, in the order you choose. JPG photos go in as they are, never compressed again; other images keep every pixel and their transparency. Each page of a TIFF becomes a page; a GIF gives its first frame.',
  keywords: ['jpg to pdf', 'image to pdf', 'png to pdf', 'heic to pdf', 'convert photos to pdf'],
  category: 'convert-to-pdf',
  searchKeywords: ['image', 'picture', 'photo', 'jpeg', 'png', 'heic', 'tiff', 'webp', 'scan'],
  popular: false,
  inMenu: false,
  input: imageInput,
  files: { min: 1, max: null },
  options: z.object({
    pageSize: enumField('Page size', imagePageSizes, 'fit').register(formFields, {
      label: 'Page size',
      control: {
        kind: 'select',
        choices: [
          { value: 'fit', label: 'Same as the image' },
          { value: 'a4', label: 'A4' },
          { value: 'letter', label: 'US Letter' },
        ],
      },
    }),
    orientation: enumField('Orientation', imageOrientations, 'auto').register(formFields, {
      label: 'Orientation',
      control: {
        kind: 'select',
        choices: [
          { value: 'auto', label: 'Automatic (as each image)' },
          { value: 'portrait', label: 'Portrait' },
          { value: 'landscape', label: 'Landscape' },
        ],
      },
      hint: 'For A4 and Letter pages; a page the size of its image always follows the image.',
    }),
    margin: numberField({ label: 'Margin (mm)', min: 0, max: 50, default: 0 }).register(formFields, {
      label: 'Margin',
      control: { kind: 'slider', step: 1, unit: ' mm' },
    }),
    output: enumField('Output', imageOutputs, 'one').register(formFields, {
      label: 'Output',
      control: {
        kind: 'radio-cards',
        choices: [
          { value: 'one', label: 'One PDF', description: 'Every image a page of one PDF, in order.' },
          { value: 'each', label: 'One PDF per image', description: 'A ZIP with a PDF for each image.' },
        ],
      },
    }),
    cleanUp: booleanField('Clean up photographed pages', false).register(formFields, {
      label: 'Clean up photographed pages',
      control: { kind: 'checkbox' },
      hint: `Crops each photo to the sheet of paper and makes the paper white and the ink dark. Cleaned photos are new pixels, saved as JPEG at quality ${cleanedPhotoQuality}; without this option JPG photos go in untouched. Pages photographed at an angle are not straightened.`,
    }),
  }),
  formColumns: 2,
  actionLabel: 'Convert to PDF',
  busyLabel: 'Converting...',
  successToast: 'Your images have been converted to PDF successfully.',
  errorToast: 'Failed to convert images to PDF. Please try again.',
  invalidTypeDescription: 'Only images (JPG, PNG, WebP, GIF, BMP, TIFF, HEIC) can be converted to PDF.',
  noFileDescription: 'Please upload one or more images to convert to PDF.',
  download: pdfDownload('images.pdf'),
  extraDownloads: [zipDownload('images-pdf.zip')],
  icon: Images,
  apiExample: { pageSize: 'a4', margin: '10' },
  sampleOptions: { pageSize: 'a4', margin: 10 },
  readsPageContent: false,
} as const satisfies ToolEntry;
