import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { CONDITIONAL_LAYER_TEXT, conditionalLayersXfaPdf } from '../testing/document-data-fixtures.js';
import { hiddenLayers, removeHiddenLayers } from './hidden-layers.js';

/** The page's content after the hidden layers are removed, read straight from MuPDF (no preflight). */
function contentAfterRemoval(pdf: Buffer): string {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf').asPDF()!;
  try {
    const layers = hiddenLayers(doc);
    expect(layers.hidden.size).toBe(1);
    removeHiddenLayers(doc, layers);
    return doc.findPage(0).get('Contents').readStream().asString();
  } finally {
    doc.destroy();
  }
}

describe('removeHiddenLayers', () => {
  it('removes sections marked by inline memberships and visibility expressions that the default view hides', () => {
    const content = contentAfterRemoval(conditionalLayersXfaPdf({ inline: true }));
    const { expressions, inline } = CONDITIONAL_LAYER_TEXT;
    for (const words of [...expressions.shown, ...inline.shown]) expect(content, words).toContain(words);
    for (const words of [...expressions.hidden, ...inline.hidden]) expect(content, words).not.toContain(words);
    // Every marked section that stays is whole: as many BDC as EMC.
    expect(content.match(/\bBDC\b/g)?.length).toBe(content.match(/\bEMC\b/g)?.length);
  });
});
