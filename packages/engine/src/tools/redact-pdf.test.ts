import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRedactedAreas, redactionHeaders, type RedactionHits } from '@paperknife/catalog/redaction';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import { ASTRAL_TEXT, astralLettersPdf } from '../testing/astral-letters.js';
import { helveticaPagePdf, makePdf, writePdfObjects } from '../testing/make-pdf.js';
import { assertValidPdf, renderPageRgb } from '../testing/pdf-assertions.js';
import { extractedText, readersFinding } from '../testing/redaction-checks.js';
import {
  makeRedactionPdf,
  makeRedactionPlacesPdf,
  redactionFixture as fixture,
  redactionPlaces as places,
} from '../testing/redaction-fixtures.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { redactPdf } from './redact-pdf.js';

const job = jobPerTest();
let pdf: Buffer;
beforeAll(async () => {
  pdf = await makeRedactionPdf();
});
afterAll(async () => {
  await closeMupdfPool();
});

const run = async (raw: Record<string, unknown>, input: Uint8Array = pdf) => {
  const file = await job.input('doc.pdf', input);
  return redactPdf([file], parseToolOptions('redact-pdf', raw), job.context);
};

/** The colour at a top-left based point (in points) of a page rendered at 72 dpi. */
function colourAt(path: string, page: number, x: number, y: number): [number, number, number] {
  const { width, pixels } = renderPageRgb(path, page, 72);
  const i = (Math.round(y) * width + Math.round(x)) * 3;
  return [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
}

const centre = (rect: readonly number[]) => [(rect[0]! + rect[2]!) / 2, (rect[1]! + rect[3]!) / 2] as const;

describe('redact-pdf', () => {
  it('finds a word of letters past the first 65,536 code points', async () => {
    const result = await run({ search: ASTRAL_TEXT.split(' ')[1], output: 'hits' }, astralLettersPdf());
    const hits = JSON.parse(readFileSync(result.path, 'utf8')) as RedactionHits;
    expect(hits.hits.map((hit) => [hit.text, hit.before])).toEqual([
      [ASTRAL_TEXT.split(' ')[1], `${ASTRAL_TEXT.split(' ')[0]} `],
    ]);
  });

  it('finds a word with its rectangles and context, for review', async () => {
    const result = await run({ search: fixture.secret.toLowerCase(), output: 'hits' });
    expect(result.download.name).toBe('redaction-hits.json');
    const hits = JSON.parse(readFileSync(result.path, 'utf8')) as RedactionHits;
    expect(hits.pages).toEqual([
      { page: 1, ...fixture.pageSize },
      { page: 2, ...fixture.pageSize },
    ]);
    expect(hits.hits.map((hit) => hit.page)).toEqual([1, 1, 1, 2]);
    const first = hits.hits[0]!;
    expect(first).toMatchObject({ text: fixture.secret, before: 'Alpha ', after: ' Omega' });
    // The first line's baseline is 700 pt from the bottom: 92 pt from the top.
    const [x0, y0, x1, y1] = first.rects[0]!;
    expect(x0).toBeGreaterThan(100);
    expect(x1).toBeLessThan(200);
    expect(y0).toBeLessThan(92);
    expect(y1).toBeGreaterThan(85);
  });

  it('removes the word from the text, the file and its metadata, keeps its neighbours, draws black boxes', async () => {
    const result = await run({ search: fixture.secret });
    assertValidPdf(result.path);
    const text = extractedText(result.path);
    expect(readersFinding(text, fixture.secret)).toEqual([]);
    for (const word of fixture.neighbours) {
      expect(text.pdftotext, word).toContain(word);
      expect(text.mupdf, word).toContain(word);
    }
    const areas = parseRedactedAreas(result.headers![redactionHeaders.pages.name]!);
    expect(areas).toEqual(fixture.hitsPerPage.map((count, i) => ({ page: i + 1, count })));
    expect(Number(result.headers![redactionHeaders.elsewhere.name])).toBe(fixture.elsewhere);

    const hits = JSON.parse(
      readFileSync((await run({ search: fixture.secret, output: 'hits' })).path, 'utf8'),
    ) as RedactionHits;
    const [x, y] = centre(hits.hits[0]!.rects[0]!);
    expect(colourAt(result.path, 1, x, y)).toEqual([0, 0, 0]);
  });

  it('removes the word from every string and stream beside the page, renaming what others refer to', async () => {
    const result = await run({ search: places.secret }, makeRedactionPlacesPdf());
    assertValidPdf(result.path);
    const text = extractedText(result.path);
    expect(readersFinding(text, places.secret)).toEqual([]);
    expect(text.pdftotext).toContain(places.neighbour);
    expect(text.qpdf).toContain(places.attachment);

    const doc = mupdf.Document.openDocument(readFileSync(result.path), 'application/pdf').asPDF()!;
    try {
      const form = doc.getTrailer().get('Root', 'AcroForm');
      const names: string[] = [];
      form.get('Fields').forEach((field) => names.push(field.get('T').asString()));
      // The field gets a neutral name; the script that sums it and the calculation order follow.
      expect(names).toEqual(['field1', places.totalField, 'send']);
      const total = form.get('Fields').get(1);
      expect(total.get('AA', 'C', 'JS').asString()).toContain('"field1"');
      expect(form.get('CO').get(0).asIndirect()).toBe(total.asIndirect());
      // The link goes to the renamed destination, which still leads to the page.
      const dests = doc.getTrailer().get('Root', 'Names', 'Dests', 'Names');
      const link = doc.findPage(0).get('Annots').get(3);
      expect(link.get('A', 'D').asString()).toBe(dests.get(0).asString());
      expect(dests.get(1).get(0).asIndirect()).toBe(doc.findPage(0).asIndirect());
      // The stamp drawn with the word is gone; the form's widgets and the links stay.
      const kinds: string[] = [];
      doc
        .findPage(0)
        .get('Annots')
        .forEach((annot) => kinds.push(annot.get('Subtype').asName()));
      expect(kinds).not.toContain('Stamp');
      expect(kinds.filter((kind) => kind === 'Widget')).toHaveLength(3);
    } finally {
      doc.destroy();
    }
  });

  it('finds a word hyphenated over a line break, as pdftotext joins it', async () => {
    const input = makePdf({ pages: [{ text: ['Tracing in Trace-', 'Monkey, then radio one', 'radio two'] }] });
    const result = await run({ search: 'TraceMonkey|radio', regex: 'true' }, input);
    const text = extractedText(result.path);
    expect(readersFinding(text, 'TraceMonkey')).toEqual([]);
    expect(text.pdftotext).not.toMatch(/Monkey|radio/);
    for (const word of ['Tracing', 'then', 'one', 'two']) expect(text.pdftotext).toContain(word);
  });

  it('keeps the lines above and below a match in text set solid, visible or invisible as in an OCR layer', async () => {
    // 10 pt lines 10 pt apart (glyph boxes, ascent to descent, reach into the next line), and an OCR-like layer
    // (render mode 3, 9 pt apart): the words between two matches' lines must all stay.
    const lines = ['alpha secret gamma delta', 'bravo charlie ether; kilo', 'lima mike novem oscar'];
    const layer = (top: number, leading: number, invisible: boolean) =>
      `BT ${invisible ? '3 Tr ' : ''}/F1 10 Tf ${leading} TL 72 ${top} Td ${lines.map((line) => `(${line}) Tj T*`).join(' ')} ET`;
    const content = `${layer(700, 10, false)} ${layer(600, 9, true)}`;
    const input = helveticaPagePdf(content);
    const result = await run({ search: 'secret|novem', regex: 'true' }, input);
    const text = extractedText(result.path);
    for (const word of ['secret', 'novem']) expect(readersFinding(text, word)).toEqual([]);
    const words = text.pdftotext.split(/\s+/).filter(Boolean);
    const kept = ['alpha', 'gamma', 'delta', 'bravo', 'charlie', 'ether;', 'kilo', 'lima', 'mike', 'oscar'];
    expect(words).toEqual([...kept, ...kept]);
  });

  it('finds a letter-spaced word whole, where a gap of 0.15 em between its letters is no space', async () => {
    // 2.5 pt between letters of 12 pt text (0.21 em), words parted by drawn spaces.
    const input = helveticaPagePdf('BT /F1 12 Tf 2.5 Tc 72 650 Td (the secret document stays) Tj ET');
    const result = await run({ search: 'document' }, input);
    const text = extractedText(result.path);
    expect(readersFinding(text, 'document')).toEqual([]);
    expect(text.pdftotext.replace(/\s+/g, '')).toBe('thesecretstays');
  });

  it('keeps lines shown with \' and " on the page, and redacts them', async () => {
    const content = `BT /F1 16 Tf 20.6 TL 72 650 Td (radio one) Tj (radio two) ' 1 0 (radio three) " ET`;
    const input = helveticaPagePdf(content);
    const result = await run({ search: 'radio' }, input);
    const text = extractedText(result.path);
    expect(readersFinding(text, 'radio')).toEqual([]);
    expect(text.pdftotext.split(/\s+/).filter(Boolean)).toEqual(['one', 'two', 'three']);
  });

  it('removes a covered path and the covered pixels of an image under drawn boxes, in the fill colour', async () => {
    const boxes = [
      {
        page: 1,
        rect: [fixture.bluePath[0] - 4, fixture.bluePath[1] - 4, fixture.bluePath[2] + 4, fixture.bluePath[3] + 4],
      },
      { page: 1, rect: fixture.imageCorner },
    ];
    const result = await run({ boxes: JSON.stringify(boxes), fill: '#00ff00' });
    assertValidPdf(result.path);
    expect(extractedText(result.path).qpdf).not.toContain(fixture.bluePathColour);
    const [px, py] = centre(fixture.bluePath);
    expect(colourAt(result.path, 1, px, py)).toEqual([0, 255, 0]);

    // The image itself, without the box drawn over it: its covered corner is no longer red.
    const folder = mkdtempSync(join(tmpdir(), 'redact-images-'));
    try {
      spawnSync('pdfimages', ['-png', '-f', '1', '-l', '1', result.path, join(folder, 'image')]);
      const { data, info } = await sharp(join(folder, 'image-000.png')).raw().toBuffer({ resolveWithObject: true });
      const at = (fx: number, fy: number) => {
        const i = (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * info.channels;
        return [data[i]!, data[i + 1]!, data[i + 2]!];
      };
      const [ix0, iy0, ix1, iy1] = fixture.image;
      const [cx, cy] = centre(fixture.imageCorner);
      const corner = at((cx - ix0) / (ix1 - ix0), (cy - iy0) / (iy1 - iy0));
      expect(corner[0]! > 150 && corner[1]! < 80).toBe(false);
      const untouched = at(0.1, 0.1);
      expect(untouched[0]).toBeGreaterThan(150);
      expect(untouched[1]).toBeLessThan(80);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    // The other words and the page's other drawing stay.
    expect(extractedText(result.path).pdftotext).toContain(fixture.secret);
  });

  it('keeps a text field a box covers only where it is empty, and draws one it partly covers into the page', async () => {
    // A 300 x 20 pt field at (100, 600) from the bottom left showing "kept value" in its first 60 pt.
    const shown = 'BT /F1 12 Tf 2 5 Td (kept value) Tj ET';
    const fieldForm = (appearance: boolean) =>
      writePdfObjects(
        [
          '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R] /DA (/F1 12 Tf 0 g) >> >>',
          '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R /Annots [6 0 R] >>',
          '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
          '<< /Length 0 >>\nstream\n\nendstream',
          `<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (kept value) /Rect [100 600 400 620] /P 3 0 R /DA (/F1 12 Tf 0 g)${appearance ? ' /AP << /N 7 0 R >>' : ''} >>`,
          `<< /Type /XObject /Subtype /Form /BBox [0 0 300 20] /Resources << /Font << /F1 4 0 R >> >> /Length ${shown.length} >>\nstream\n${shown}\nendstream`,
        ],
        '/Root 1 0 R',
      );
    const after = async (rect: number[], form = fieldForm(true)) => {
      const result = await run({ boxes: JSON.stringify([{ page: 1, rect }]) }, form);
      assertValidPdf(result.path);
      const doc = mupdf.Document.openDocument(readFileSync(result.path), 'application/pdf') as mupdf.PDFDocument;
      try {
        const fields = doc.getTrailer().get('Root', 'AcroForm', 'Fields').length;
        const values = (doc.loadPage(0) as mupdf.PDFPage).getWidgets().map((widget) => widget.getValue());
        return { fields, values, text: extractedText(result.path).pdftotext.trim() };
      } finally {
        doc.destroy();
      }
    };
    // Top-left based: the field spans y 172..192; "kept" ends near x 125.
    expect(await after([300, 168, 410, 196])).toEqual({ fields: 1, values: ['kept value'], text: 'kept value' });
    const partly = await after([100, 168, 126, 196]);
    expect(partly).toEqual({ fields: 0, values: [], text: 'value' });
    // A field without an appearance shows its value as MuPDF draws it, at the left: a box on the right leaves it.
    expect(await after([300, 168, 410, 196], fieldForm(false))).toEqual({
      fields: 1,
      values: ['kept value'],
      text: 'kept value',
    });
  });

  it('finds e-mail addresses and phone numbers by preset, and not a date or an amount', async () => {
    const input = makePdf({
      pages: [{ text: ['Write to bob@example.com', 'Call +44 20 7946 0958', 'Due 12.03.2024, total 1 250.00'] }],
    });
    const result = await run({ presets: 'email,phone', output: 'hits' }, input);
    const hits = JSON.parse(readFileSync(result.path, 'utf8')) as RedactionHits;
    expect(hits.hits.map((hit) => hit.text)).toEqual([fixture.email, fixture.phone]);
  });

  it('matches a regular expression across the page, and refuses one that is not valid', async () => {
    const input = makePdf({ pages: [{ text: ['Order A-1234 and A-5678, not B-9999'] }] });
    const result = await run({ search: 'A-\\d{4}', regex: 'true' }, input);
    const text = extractedText(result.path).pdftotext;
    expect(text).not.toContain('1234');
    expect(text).not.toContain('5678');
    expect(text).toContain('B-9999');
    expect(await toolErrorCode(run({ search: '(unclosed', regex: 'true' }, input))).toBe('invalid_option');
  });

  it('refuses a password-protected PDF and a request with nothing to redact', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'redact-locked-'));
    try {
      const plain = join(folder, 'plain.pdf');
      const locked = join(folder, 'locked.pdf');
      writeFileSync(plain, pdf);
      spawnSync('qpdf', ['--encrypt', 'secret-pass', 'owner-pass', '256', '--', plain, locked]);
      expect(await toolErrorCode(run({ search: 'Alpha' }, readFileSync(locked)))).toBe('encrypted_pdf');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    expect(() => parseToolOptions('redact-pdf', {})).toThrow(/draw a box/);
  });
});
