import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { jobPerTest } from '../testing/test-job.js';
import { readPage } from './word-pages.js';

const job = jobPerTest();

const SHOWN = 'BT /F1 12 Tf 72 200 Td (xyz) Tj ET';

/** A one-page PDF drawing `contents`, with Helvetica as F1. */
function onePage(contents: string): mupdf.PDFDocument {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  doc.insertPage(-1, doc.addPage([0, 0, 300, 300], 0, doc.addObject({ Font: { F1: font } }), contents));
  return doc;
}

/** Text drawn inside a clip, as word processors write each run of a line. */
const clipped = (x: number, text: string) => `q 0 0 300 300 re W n BT /F1 12 Tf ${x} 200 Td (${text}) Tj ET Q`;

/**
 * A tagged one-page PDF: "xyz", then a space the structure tree gives the ActualText "Q", each marked content with
 * its run drawn inside a clip (as a word processor tags a Hebrew line, its spaces' ActualText a space). MuPDF's
 * structured text of the page reads the ActualText; of a display list of the page, it loses it.
 */
function taggedPage(): mupdf.PDFDocument {
  const doc = onePage(`/Span <</MCID 0>> BDC ${clipped(72, 'xyz')} EMC /Span <</MCID 1>> BDC ${clipped(100, ' ')} EMC`);
  const page = doc.findPage(0);
  const root = doc.addObject({ Type: doc.newName('StructTreeRoot'), ParentTreeNextKey: 1 });
  const elements = doc.newArray();
  for (const [mcid, actualText] of [
    [0, undefined],
    [1, 'Q'],
  ] as const) {
    const element = doc.addObject({
      Type: doc.newName('StructElem'),
      S: doc.newName('Span'),
      K: mcid,
      Pg: page,
      P: root,
    });
    if (actualText) element.put('ActualText', doc.newString(actualText));
    elements.push(element);
  }
  root.put('K', elements);
  const nums = doc.newArray();
  nums.push(0);
  nums.push(elements);
  root.put('ParentTree', doc.addObject({ Nums: nums }));
  page.put('StructParents', 0);
  const catalog = doc.getTrailer().get('Root');
  catalog.put('StructTreeRoot', root);
  catalog.put('MarkInfo', { Marked: true });
  return doc;
}

function pageText(doc: mupdf.PDFDocument): string {
  try {
    const { layout } = readPage(doc, 0, job.context.workDir);
    return layout.blocks
      .flatMap((block) => (block.kind === 'text' ? block.lines : []))
      .map((line) => line.spans.map((span) => span.text).join(''))
      .join('\n');
  } finally {
    doc.destroy();
  }
}

// A page's structured text is read from the page, not from a display list of its contents, which drops the
// ActualText of the taggedPage kind (docs/decisions/152).
describe('PDF to Word reading a page', () => {
  it('reads the shown text of a page without marked content', () => {
    expect(pageText(onePage(SHOWN))).toBe('xyz');
  });

  it('reads letter-spaced text as whole words, spaces where the words part (decision 217)', () => {
    expect(pageText(onePage('BT /F1 12 Tf 2.5 Tc 72 200 Td (the secret document stays) Tj ET'))).toBe(
      'the secret document stays',
    );
    // No space drawn: words parted by 4 pt (0.33 em) more than the letters.
    const words = 'BT /F1 12 Tf 2.5 Tc 72 200 Td [(the) -333 (secret) -333 (document)] TJ ET';
    expect(pageText(onePage(words))).toBe('the secret document');
  });

  it('keeps the ActualText the structure tree gives marked content', () => {
    expect(pageText(taggedPage())).toBe('xyz\nQ');
  });
});
