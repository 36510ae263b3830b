import type * as mupdf from 'mupdf';
import type { PageRect } from '@paperknife/catalog/redaction';
import { quadBounds } from '../page-layout/page-geometry.js';
import type { PageText } from './text-matches.js';
import { INHIBIT_SPACES, walkWithSpaces } from '../mupdf/word-spaces.js';

/**
 * A page's characters as MuPDF reads them (invisible OCR text included), joined into one string: a space between
 * the lines of a block, a line break between blocks, each character with the rectangle around its quad.
 */
export function readPageText(page: mupdf.PDFPage): PageText {
  const text: string[] = [];
  const rects: (PageRect | null)[] = [];
  const lines: number[] = [];
  let line = -1;
  let blockStarted = false;
  const separator = (char: string) => {
    if (text.length === 0) return;
    text.push(char);
    rects.push(null);
    lines.push(line);
  };
  // Spaces where the line's gaps call for them (decision 217), as PDF to Word reads words: a search for a
  // letter-spaced word finds it whole.
  const structured = page.toStructuredText(`preserve-whitespace,${INHIBIT_SPACES}`);
  try {
    walkWithSpaces(structured, {
      beginTextBlock: () => {
        separator('\n');
        blockStarted = true;
      },
      beginLine: () => {
        if (!blockStarted) separator(' ');
        blockStarted = false;
        line++;
      },
      onChar: (char, _origin, _font, _size, quad) => {
        const rect = quadBounds(quad);
        // A character outside the BMP is two UTF-16 units: both get its rectangle.
        for (let i = 0; i < char.length; i++) {
          text.push(char[i]!);
          rects.push(rect);
          lines.push(line);
        }
      },
    });
  } finally {
    structured.destroy();
  }
  return { text: text.join(''), rects, lines };
}

/** Where an annotation's appearance draws its characters, in page space. */
export function annotationGlyphs(annotation: mupdf.PDFAnnotation): PageRect[] {
  const list = annotation.toDisplayList();
  const structured = list.toStructuredText('preserve-whitespace');
  const glyphs: PageRect[] = [];
  try {
    structured.walk({ onChar: (_char, _origin, _font, _size, quad) => glyphs.push(quadBounds(quad)) });
  } finally {
    structured.destroy();
    list.destroy();
  }
  return glyphs;
}
