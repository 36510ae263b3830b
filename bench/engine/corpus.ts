import { basename, join } from 'node:path';
import { type ToolId, tools } from '@paperknife/catalog/tools';
import { grayPdfwriteSettings } from '@paperknife/engine';
import { gsPdfwriteCommand } from './measure.js';
import {
  CONTENT_MAX_PAGES,
  corpusDir,
  corpusPasswords,
  manifestPageCounts,
  ownerOnlyPdfs,
} from '@paperknife/engine/testing/corpus';

/** What the benchmark runs: corpus files per tool, the options each tool gets, and the plain CLI baselines. */

export { corpusDir, corpusPresent } from '@paperknife/engine/testing/corpus';

export function pdf(name: string): string {
  return join(corpusDir, 'pdf', `${name}.pdf`);
}

/** A spread of ordinary PDFs: small and long text, forms, images, scans, many small images. */
export const samplePdfs = [
  'sf-pdflatex-4-pages',
  'pdfjs-tracemonkey',
  'pdfjs-issue6127-cerfa-form',
  'pdfjs-images',
  'pdfjs-issue19971',
  'ocr-multipage',
  'pdfcpu-centerofwhy',
  'pdfjs-freeculture',
].map(pdf);

/** The corpus README's image-heavy and scanned files: the compress target table. */
export const imageHeavyPdfs = [
  'sf-base64image',
  'pdfjs-images',
  'pdfjs-issue19971',
  'pdfjs-issue5567-photo-jpx',
  'pdfcpu-mountain-photo',
  'pdfcpu-centerofwhy',
  'pdfcpu-buildingwebappswithgo',
  'ocr-multipage',
  'ocr-poster',
  'ocr-cmyk',
  'ocr-c02-22',
  'pdfcpu-hl1396-scan',
  'pdfcpu-jphysiol-scan',
  'ocr-cardinal',
  'ocr-ccitt',
  'ocr-epson',
].map(pdf);

/** The encrypted corpus PDFs with a known password, and the owner-only ones, for Unlock. */
const unlockPdfs = [
  'qpdf-enc-r6-aes256.pdf',
  'qpdf-enc-r2-rc4-40.pdf',
  'qpdf-20-pages-encrypted.pdf',
  'sf-libreoffice-writer-password.pdf',
  ...ownerOnlyPdfs,
].map((name) => join(corpusDir, 'pdf', name));

const wordFiles = [
  'mammoth-tables.docx',
  'poi-variouspictures.docx',
  'poi-lists.doc',
  'pydocx-sct-section-props.docx',
].map((name) => join(corpusDir, 'word', name));

export const pageCounts = manifestPageCounts;

export function filesFor(id: ToolId, counts: Map<string, number>): string[] {
  if (id === 'word-to-pdf') return wordFiles;
  if (id === 'unlock-pdf') return unlockPdfs;
  if (!tools[id].readsPageContent) return samplePdfs;
  return samplePdfs.filter((path) => (counts.get(basename(path)) ?? 0) <= CONTENT_MAX_PAGES);
}

/** The catalogue's sample options, as a form would send them; unlock gets each file's own password. */
export function optionsFor(id: ToolId, path: string): Record<string, unknown> {
  if (id === 'unlock-pdf') return { ...tools[id].sampleOptions, password: corpusPasswords[basename(path)] ?? '' };
  return { ...tools[id].sampleOptions };
}

/** The baselines run with the same numbers as the tools. */
const protectPassword = tools['protect-pdf'].sampleOptions.userPassword;
const jpgOptions = tools['pdf-to-jpg'].sampleOptions;

export interface Baseline {
  label: string;
  /** Program and arguments; `out` is a fresh folder for its output. */
  command: (input: string, out: string) => [string, ...string[]];
}

const qpdf = (label: string, args: (input: string, out: string) => string[]): Baseline => ({
  label,
  command: (input, out) => ['qpdf', '--warning-exit-0', ...args(input, out)],
});

/** Ghostscript's pdfwrite with the given settings, as a plain command. */
function gsPdfwrite(label: string, settings: readonly string[]): Baseline {
  return { label, command: (input, out) => gsPdfwriteCommand(settings, input, `${out}/out.pdf`) };
}

/** The plain CLI doing the same job; undefined where there is no fair one-command equivalent. */
export const baselines: Partial<Record<ToolId, Baseline>> = {
  'compress-pdf': gsPdfwrite('gs pdfwrite /ebook', ['-dPDFSETTINGS=/ebook']),
  'merge-pdf': qpdf('qpdf --pages', (input, out) => ['--empty', '--pages', input, input, '--', `${out}/out.pdf`]),
  'split-pdf': qpdf('qpdf --split-pages', (input, out) => ['--split-pages', input, `${out}/page-%d.pdf`]),
  'rotate-pdf': qpdf('qpdf --rotate', (input, out) => ['--rotate=+90', input, `${out}/out.pdf`]),
  'protect-pdf': qpdf('qpdf --encrypt 256', (input, out) => [
    '--encrypt',
    protectPassword,
    'bench-owner',
    '256',
    '--',
    input,
    `${out}/out.pdf`,
  ]),
  'unlock-pdf': qpdf('qpdf --decrypt', (input, out) => [
    `--password=${corpusPasswords[basename(input)] ?? ''}`,
    '--decrypt',
    input,
    `${out}/out.pdf`,
  ]),
  'extract-pages': qpdf('qpdf --pages 1', (input, out) => ['--empty', '--pages', input, '1', '--', `${out}/out.pdf`]),
  'delete-pages': qpdf('qpdf --pages 2-z', (input, out) => [input, '--pages', input, '2-z', '--', `${out}/out.pdf`]),
  'grayscale-pdf': gsPdfwrite('gs pdfwrite Gray', grayPdfwriteSettings),
  'pdf-to-jpg': {
    label: `pdftoppm -jpeg -r ${jpgOptions.dpi}`,
    command: (input, out) => [
      'pdftoppm',
      '-jpeg',
      '-r',
      String(jpgOptions.dpi),
      '-jpegopt',
      `quality=${jpgOptions.quality}`,
      input,
      `${out}/page`,
    ],
  },
  'extract-text': {
    label: 'pdftotext',
    command: (input, out) => ['pdftotext', '-enc', 'UTF-8', input, `${out}/out.txt`],
  },
  'extract-images': { label: 'pdfimages -all', command: (input, out) => ['pdfimages', '-all', input, `${out}/image`] },
  'word-to-pdf': {
    label: 'soffice --convert-to pdf (cold)',
    command: (input, out) => [
      'soffice',
      `-env:UserInstallation=file://${out}/profile`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      out,
      input,
    ],
  },
};
