import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { writePdfObjects } from './make-pdf.js';
import { readSlideDrawing } from '../pdf-to-powerpoint/slide-drawing.js';

/**
 * Run by slide-drawing.test.ts in a node process of its own started with --expose-gc: draws a page painted by a
 * shading (`sh`) as PDF to PowerPoint draws a slide's background, several times, collecting garbage between the
 * draws so every finalizer of MuPDF's objects runs, as it would at any time in a worker. When a finalizer frees the
 * shading MuPDF's store still holds, the next draw reads freed memory. Prints the draws that painted, and the error
 * that stopped them if one did, as JSON.
 */

const ROUNDS = 6;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const content = '/Sh0 sh';
const pdf = writePdfObjects(
  [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Shading << /Sh0 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 200 0] /Function << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >> >>',
  ],
  '/Root 1 0 R',
);

const folder = mkdtempSync(join(tmpdir(), 'paperknife-shade-'));
const doc = mupdf.PDFDocument.openDocument(pdf, 'application/pdf') as mupdf.PDFDocument;
let painted = 0;
let error: string | undefined;
try {
  for (let round = 0; round < ROUNDS; round++) {
    const page = doc.loadPage(0) as mupdf.PDFPage;
    try {
      if (readSlideDrawing(page, join(folder, `background-${round}.png`), true).background) painted++;
    } finally {
      page.destroy();
    }
    gc();
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
} catch (caught) {
  error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
} finally {
  doc.destroy();
  rmSync(folder, { recursive: true, force: true });
}
console.log(JSON.stringify({ rounds: ROUNDS, painted, ...(error ? { error } : {}) }));
