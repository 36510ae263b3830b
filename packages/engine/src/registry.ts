import type { ToolId } from '@paperknife/catalog/tools';
import type { ToolRunner } from './jobs/tool-runner.js';
import { compressPdf } from './tools/compress-pdf.js';
import { repairPdf } from './tools/repair-pdf.js';
import { mergePdf } from './tools/merge-pdf.js';
import { splitPdf } from './tools/split-pdf.js';
import { rotatePdf } from './tools/rotate-pdf.js';
import { protectPdf } from './tools/protect-pdf.js';
import { redactPdf } from './tools/redact-pdf.js';
import { unlockPdf } from './tools/unlock-pdf.js';
import { sanitizePdf } from './tools/sanitize-pdf.js';
import { watermarkPdf } from './tools/watermark-pdf.js';
import { signPdf } from './tools/sign-pdf.js';
import { addTextImages } from './tools/add-text-images.js';
import { pageNumbers } from './tools/page-numbers.js';
import { editMetadata } from './tools/edit-metadata.js';
import { grayscalePdf } from './tools/grayscale-pdf.js';
import { fillPdf } from './tools/fill-pdf.js';
import { flattenPdf } from './tools/flatten-pdf.js';
import { pdfToJpg } from './tools/pdf-to-jpg.js';
import { pdfToPng } from './tools/pdf-to-png.js';
import { pdfToTiff } from './tools/pdf-to-tiff.js';
import { pdfToWord } from './tools/pdf-to-word.js';
import { pdfToExcel } from './tools/pdf-to-excel.js';
import { pdfToPdfa } from './tools/pdf-to-pdfa.js';
import { pdfToPowerpoint } from './tools/pdf-to-powerpoint.js';
import { wordToPdf } from './tools/word-to-pdf.js';
import { htmlToPdf } from './tools/html-to-pdf.js';
import { excelToPdf } from './tools/excel-to-pdf.js';
import { powerpointToPdf } from './tools/powerpoint-to-pdf.js';
import { jpgToPdf } from './tools/jpg-to-pdf.js';
import { extractPages } from './tools/extract-pages.js';
import { deletePages } from './tools/delete-pages.js';
import { removeBlankPages } from './tools/remove-blank-pages.js';
import { organizePdf } from './tools/organize-pdf.js';
import { cropPdf } from './tools/crop-pdf.js';
import { nUpPdf } from './tools/n-up-pdf.js';
import { bookletPdf } from './tools/booklet-pdf.js';
import { extractText } from './tools/extract-text.js';
import { extractImages } from './tools/extract-images.js';
import { comparePdf } from './tools/compare-pdf.js';
import { ocrPdf } from './tools/ocr-pdf.js';

/** The only index of the engine's tools. Typed against the catalogue: a missing tool fails to compile. */
export const engineTools: { readonly [Id in ToolId]: ToolRunner<Id> } = {
  'compress-pdf': compressPdf,
  'repair-pdf': repairPdf,
  'merge-pdf': mergePdf,
  'split-pdf': splitPdf,
  'rotate-pdf': rotatePdf,
  'protect-pdf': protectPdf,
  'redact-pdf': redactPdf,
  'unlock-pdf': unlockPdf,
  'sanitize-pdf': sanitizePdf,
  'watermark-pdf': watermarkPdf,
  'sign-pdf': signPdf,
  'add-text-images': addTextImages,
  'page-numbers': pageNumbers,
  'edit-metadata': editMetadata,
  'grayscale-pdf': grayscalePdf,
  'fill-pdf': fillPdf,
  'flatten-pdf': flattenPdf,
  'pdf-to-jpg': pdfToJpg,
  'pdf-to-png': pdfToPng,
  'pdf-to-tiff': pdfToTiff,
  'pdf-to-word': pdfToWord,
  'pdf-to-excel': pdfToExcel,
  'pdf-to-pdfa': pdfToPdfa,
  'pdf-to-powerpoint': pdfToPowerpoint,
  'word-to-pdf': wordToPdf,
  'html-to-pdf': htmlToPdf,
  'excel-to-pdf': excelToPdf,
  'powerpoint-to-pdf': powerpointToPdf,
  'jpg-to-pdf': jpgToPdf,
  'extract-pages': extractPages,
  'delete-pages': deletePages,
  'remove-blank-pages': removeBlankPages,
  'organize-pdf': organizePdf,
  'crop-pdf': cropPdf,
  'n-up-pdf': nUpPdf,
  'booklet-pdf': bookletPdf,
  'extract-text': extractText,
  'extract-images': extractImages,
  'compare-pdf': comparePdf,
  'ocr-pdf': ocrPdf,
};
