import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import { readSlideDrawing } from './slide-drawing.js';

const check = fileURLToPath(new URL('../testing/shade-redraw-check.ts', import.meta.url));

/** Runs the check in a node process of its own, with the garbage collector at hand; its last line of output. */
function runCheck(): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--conditions=source', '--import', 'tsx', check],
      { timeout: 20_000 },
      (error, stdout, stderr) => {
        const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';
        // A trap in a finalizer ends the process: the first short line of its output naming an error says which.
        const trap = stderr.split('\n').find((line) => /Error/.test(line) && line.length < 300);
        resolve(error ? `exit ${error.code ?? error.signal}: ${trap ?? lastLine(stderr)}` : lastLine(stdout));
      },
    );
  });
}

describe('slide backgrounds with shadings', () => {
  it('leave MuPDF memory sound when the garbage collector runs between draws', async () => {
    expect(await runCheck()).toBe(JSON.stringify({ rounds: 6, painted: 6 }));
  });

  it('are drawn from a shade mupdf.js wraps without a reference of its own', () => {
    // disownShade (mupdf/device-shade.ts) makes up for this; once mupdf.js keeps the shade itself, it should go.
    const device = (globalThis as { $libmupdf_device?: { fill_shade: { toString(): string } } }).$libmupdf_device;
    expect(device?.fill_shade.toString()).toContain('new Shade(shade)');
  });
});

/** A one-page PDF of 200 x 100 points drawing `content`, with a grey 4 x 4 image named /Im0 at hand. */
function pageDrawing(content: string): mupdf.PDFPage {
  const doc = new mupdf.PDFDocument();
  const pixels = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 4, 4], false);
  pixels.clear(128);
  const resources = doc.addObject({ XObject: { Im0: doc.addImage(new mupdf.Image(pixels)) } });
  doc.insertPage(-1, doc.addPage([0, 0, 200, 100], 0, resources, content));
  return doc.loadPage(0) as mupdf.PDFPage;
}

/** The alpha of the background picture's pixel at (x, y) points. */
function alphaAt(file: string, x: number, y: number): number {
  const pixels = new mupdf.Image(readFileSync(file)).toPixmap();
  const scale = pixels.getWidth() / 200;
  const stride = pixels.getStride();
  return pixels.getPixels()[Math.round(y * scale) * stride + Math.round(x * scale) * 4 + 3]!;
}

describe('readSlideDrawing', () => {
  const folder = mkdtempSync(join(tmpdir(), 'slide-drawing-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('leaves the picture behind the slide clear where the page draws nothing', () => {
    // A curve is no shape: it goes into the picture, and the rest of the picture lets the slide show through.
    const file = join(folder, 'curve.png');
    const drawing = readSlideDrawing(pageDrawing('0 0 1 rg 20 20 m 60 90 100 90 140 20 c f'), file, false);
    expect(drawing.background).toBe(file);
    expect(alphaAt(file, 5, 5)).toBe(0);
    expect(alphaAt(file, 80, 70)).toBe(255);
  });

  it('leaves out what a backdrop image covers, and draws a chart whole with its labels', () => {
    const content = [
      '1 1 1 rg 0 0 200 100 re f', // the page's white, under the backdrop
      'q 200 0 0 100 0 0 cm /Im0 Do Q', // the backdrop
      '1 0 0 rg 10 10 20 20 re f', // a shape on it
      '0 0 1 rg 120 10 20 50 re f', // a chart's bar
    ].join('\n');
    const chart = { x0: 100, y0: 30, x1: 190, y1: 95, labels: [] };
    const drawing = readSlideDrawing(pageDrawing(content), join(folder, 'backdrop.png'), false, [chart]);
    // Page coordinates run down from the top: the red square stands at 70-90.
    expect(drawing.shapes).toEqual([{ kind: 'rectangle', x0: 10, y0: 70, x1: 30, y1: 90, fill: 'FF0000' }]);
    expect(drawing.background).toBeDefined();
    expect(alphaAt(drawing.background!, 5, 5)).toBe(0);
    expect(alphaAt(drawing.background!, 130, 60)).toBe(255);
  });
});
