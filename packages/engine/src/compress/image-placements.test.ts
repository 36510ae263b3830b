import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findImageXObjects, measurePlacements } from './image-placements.js';
import { compressPrepare } from './compress-prepare-task.js';

/**
 * Placements are found one page at a time, holding only the images a page can reach (docs/decisions/105): an image
 * drawn two forms deep, or only in an annotation's appearance, must still be found at its drawn size. And the
 * MuPDF step writes no copy of a file it has nothing to change in.
 */

function grayImage(doc: mupdf.PDFDocument, shade: number): mupdf.PDFObject {
  return doc.addStream(new Uint8Array(100 * 100).fill(shade), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 100,
    Height: 100,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
  });
}

function form(doc: mupdf.PDFDocument, content: string, resources: Record<string, unknown>): mupdf.PDFObject {
  return doc.addStream(content, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 600, 800], Resources: resources });
}

/** Page 1 draws image A 300 pt wide through two nested forms; page 2 draws image B only in a square's appearance. */
function nestedAndAnnotated(): { pdf: Uint8Array; nested: number; annotated: number } {
  const doc = new mupdf.PDFDocument();
  try {
    const nested = grayImage(doc, 40);
    const annotated = grayImage(doc, 200);
    const inner = form(doc, 'q 300 0 0 150 0 0 cm /Im0 Do Q', { XObject: { Im0: nested } });
    const outer = form(doc, '/Fm0 Do', { XObject: { Fm0: inner } });
    doc.insertPage(-1, doc.addPage([0, 0, 600, 800], 0, { XObject: { Fm1: outer } }, '/Fm1 Do'));
    const appearance = form(doc, 'q 50 0 0 80 0 0 cm /Im1 Do Q', { XObject: { Im1: annotated } });
    const square = doc.addObject({
      Type: 'Annot',
      Subtype: 'Square',
      Rect: [0, 0, 600, 800],
      AP: { N: appearance },
    });
    const page = doc.addPage([0, 0, 600, 800], 0, {}, '');
    page.put('Annots', [square]);
    doc.insertPage(-1, page);
    const pdf = doc.saveToBuffer('').asUint8Array().slice();
    return { pdf, nested: nested.asIndirect(), annotated: annotated.asIndirect() };
  } finally {
    doc.destroy();
  }
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'paperknife-placements-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('image placements', () => {
  it('finds images drawn through nested forms and in annotation appearances, at their drawn size', () => {
    const fixture = nestedAndAnnotated();
    const doc = new mupdf.PDFDocument(fixture.pdf);
    try {
      const { images } = findImageXObjects(doc, () => {});
      expect(images.map((info) => info.object).sort()).toEqual([fixture.nested, fixture.annotated].sort());
      const placements = measurePlacements(doc, images);
      expect(placements?.get(fixture.nested)).toEqual({ width: 300, height: 150 });
      expect(placements?.get(fixture.annotated)).toEqual({ width: 50, height: 80 });
    } finally {
      doc.destroy();
    }
  });

  it('writes no copy unless it subsets fonts: duplicates and private data are left to qpdf as edits', async () => {
    const input = join(folder, 'plain.pdf');
    await writeFile(input, nestedAndAnnotated().pdf);
    const plain = await compressPrepare({ input, output: join(folder, 'plain-out.pdf') });
    expect(plain.path).toBe(input);
    expect(plain.edits).toBeUndefined();

    const doc = new mupdf.PDFDocument();
    const pages: number[] = [];
    const images: number[] = [];
    try {
      for (let page = 0; page < 2; page++) {
        const image = grayImage(doc, 90);
        images.push(image.asIndirect());
        const object = doc.addPage([0, 0, 100, 100], 0, { XObject: { Im0: image } }, '100 0 0 100 0 0 cm /Im0 Do');
        doc.insertPage(-1, object);
        pages.push(object.asIndirect());
      }
      doc.newIndirect(pages[0]!).put('Thumb', doc.addStream(new Uint8Array(16), { Width: 4, Height: 4 }));
      await writeFile(join(folder, 'twice.pdf'), doc.saveToBuffer('').asUint8Array());
    } finally {
      doc.destroy();
    }
    const twice = join(folder, 'twice.pdf');
    const merged = await compressPrepare({
      input: twice,
      output: join(folder, 'twice-out.pdf'),
      discardPrivateData: true,
    });
    expect(merged.path).toBe(twice);
    // The second page's image and content stream are copies of the first's: the page refers to its content, its
    // resources dictionary (an object of its own) to the image.
    expect(merged.edits).toEqual({
      duplicates: expect.arrayContaining([[images[1], images[0]]]),
      referring: expect.arrayContaining([pages[1]]),
      trailer: false,
      dropKeys: { objects: [pages[0]], keys: ['PieceInfo', 'Thumb'] },
    });
    expect(merged.edits?.duplicates).toHaveLength(2);
    expect(merged.edits?.referring).toHaveLength(2);

    // In a file with object streams qpdf's update can lose its changes: MuPDF merges and writes the copy.
    const packed = new mupdf.PDFDocument(await readFile(twice));
    try {
      await writeFile(join(folder, 'packed.pdf'), packed.saveToBuffer('objstms=yes').asUint8Array());
    } finally {
      packed.destroy();
    }
    const packedOutput = join(folder, 'packed-out.pdf');
    const copied = await compressPrepare({ input: join(folder, 'packed.pdf'), output: packedOutput });
    expect(copied.path).toBe(packedOutput);
    expect(copied.edits).toBeUndefined();

    const withFont = new mupdf.PDFDocument();
    try {
      const font = withFont.addFont(new mupdf.Font('Times-Roman'));
      const resources = { Font: { F0: font } };
      withFont.insertPage(
        -1,
        withFont.addPage([0, 0, 100, 100], 0, resources, 'BT /F0 12 Tf 10 10 Td <00410042> Tj ET'),
      );
      await writeFile(join(folder, 'font.pdf'), withFont.saveToBuffer('').asUint8Array());
    } finally {
      withFont.destroy();
    }
    const output = join(folder, 'font-out.pdf');
    const subset = await compressPrepare({ input: join(folder, 'font.pdf'), output, subsetFonts: true });
    expect(subset.path).toBe(output);
    expect(subset.edits).toBeUndefined();
  });
});
