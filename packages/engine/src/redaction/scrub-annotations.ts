import type * as mupdf from 'mupdf';
import { STRING, decodePdfString } from './marked-content.js';
import type { Scrub } from './text-matches.js';

/** The text an annotation's appearance shows, as MuPDF draws it (an appearance it makes itself, when it does). */
function drawnText(annot: mupdf.PDFAnnotation): string {
  const list = annot.toDisplayList();
  try {
    const text = list.toStructuredText('preserve-whitespace');
    try {
      return text.asText();
    } finally {
      text.destroy();
    }
  } finally {
    list.destroy();
  }
}

const SHOWN = new RegExp(STRING, 'g');

/**
 * The strings the appearance streams stored in the file show (normal, rollover and down, each state): another
 * viewer may draw these where MuPDF makes its own (a form that asks for new appearances). Pieces of a TJ array a
 * small gap apart are read as one word.
 */
function storedText(annot: mupdf.PDFObject): string {
  const streams: mupdf.PDFObject[] = [];
  annot.get('AP').forEach((entry) => {
    if (entry.isStream()) streams.push(entry);
    else entry.forEach((state) => (state.isStream() ? streams.push(state) : undefined));
  });
  return streams
    .map((stream) => {
      const content = Buffer.from(stream.readStream().asUint8Array()).toString('latin1');
      const joined = content.replace(/\)\s*(-?\d*\.?\d+)\s*\(/g, (gap, shift: string) =>
        Math.abs(Number(shift)) < 200 ? '' : ') (',
      );
      return [...joined.matchAll(SHOWN)].map((match) => decodePdfString(match[0])).join(' ');
    })
    .join('\n');
}

/**
 * The annotations of a page after their strings were scrubbed: one whose strings changed (a note, a form value, a
 * button's caption) is drawn again from them. One whose appearance still shows a redacted string (a stamp drawn
 * with the word, a caption that is nowhere else) loses it: a form field gets the appearance MuPDF draws from its
 * scrubbed strings, any other annotation goes. Answers how many were redrawn that way or went.
 */
export function scrubAnnotations(page: mupdf.PDFPage, scrub: Scrub, changedObjects: ReadonlySet<number>): number {
  let removed = 0;
  for (const annot of [...page.getAnnotations(), ...page.getWidgets()]) {
    const object = annot.getObject();
    if (object.isIndirect() && changedObjects.has(object.asIndirect())) {
      object.delete('AP');
      annot.update();
    }
    const shown = `${drawnText(annot)}\n${storedText(object)}`;
    if (scrub(shown) === undefined) continue;
    removed++;
    if (annot.getType() === 'Widget') {
      object.delete('AP');
      annot.update();
    } else {
      page.deleteAnnotation(annot);
    }
  }
  return removed;
}
