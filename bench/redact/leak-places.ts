/**
 * Where a reader still finds a redacted word, for the bench's `--verbose` listing: pdftotext's and MuPDF's page
 * numbers, and for qpdf's QDF form the object and the dictionary key (or the kind of stream) holding it.
 */

/**
 * qpdf's QDF text as the bench reads it for words: without qpdf's own comments, without font programs (the
 * /FontFile streams, whose name tables carry the font maker's notices, not the document's words; decision 188),
 * and with the pieces of a TJ array joined as a reader joins them: `(great)4(est)` is "greatest", while a gap of a
 * fifth of the font size or more (`(foo)-331(bar)`) reads as a space.
 */
export function readableObjects(qdf: string): string {
  const fontPrograms = new Set([...qdf.matchAll(/\/FontFile[23]?\s+(\d+)\s+0\s+R/g)].map((match) => match[1]));
  return qdf
    .replace(/^%%.*$/gm, '')
    .replace(/^(\d+) \d+ obj\n[\s\S]*?^endobj$/gm, (object, number: string) => (fontPrograms.has(number) ? '' : object))
    .replace(/\)\s*(-?\d*\.?\d+)\s*\(/g, (_gap, shift: string) => (Math.abs(Number(shift)) < 200 ? '' : ' '))
    .replace(SAME_LINE_MOVE, '');
}

/**
 * A text operator ending in a letter, then text state and a move along the same line (`x 0 Td`/`TD`), then one
 * starting with a letter: where the move lands is the next glyph's place, which only the fonts' widths tell, so
 * the raw reading joins the two (`( accurate)]TJ .11 Tw 13.16 0 TD [(ly, The)` is "accurately"). Whether they make
 * one word or two is for the readers that place glyphs (pdftotext and MuPDF), which read the same page.
 */
const SAME_LINE_MOVE =
  /(?<=\p{L})\)\s*\]?\s*T[Jj](?:\s+-?[\d.]+\s+(?:Tc|Tw|Tz|Ts))*\s+-?[\d.]+\s+-?0*\.?0+\s+T[dD]\s*\[?\s*\((?=\p{L})/gu;

/** Names blanked to spaces of the same length: `/Title` is syntax, and offsets stay those of the object text. */
const blankNames = (text: string) => text.replace(/\/[^\s/<>[\]()]+/g, (name) => ' '.repeat(name.length));

/** The pages (1-based) of a text whose pages are separated by form feeds where `pattern` matches. */
export function pagesFinding(pages: readonly string[], pattern: RegExp): number[] {
  return pages.flatMap((text, index) => (pattern.test(text) ? [index + 1] : []));
}

/** A stream's kind from its dictionary: `/XObject /Form`, `/Metadata`, or the page contents when it has none. */
function streamKind(dictionary: string): string {
  const type = /\/Type\s*(\/[^\s/<>[\]()]+)/.exec(dictionary)?.[1];
  const subtype = /\/Subtype\s*(\/[^\s/<>[\]()]+)/.exec(dictionary)?.[1];
  return [type, subtype].filter(Boolean).join(' ') || 'content';
}

/**
 * Each place of qpdf's QDF text where `pattern` (a whole word) matches outside names: `obj 12 /T` for a string
 * after a key, `obj 40 stream /XObject /Form` for a stream's data.
 */
export function qdfPlaces(qdf: string, pattern: RegExp): string[] {
  const places: string[] = [];
  const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
  for (const object of qdf.matchAll(/^(\d+) \d+ obj\n([\s\S]*?)^endobj$/gm)) {
    const [, number, body] = object;
    const text = blankNames(body!);
    const streamAt = body!.search(/^stream\n/m);
    for (const match of text.matchAll(global)) {
      if (streamAt >= 0 && match.index > streamAt) {
        places.push(`obj ${number} stream ${streamKind(body!.slice(0, streamAt))}`);
        continue;
      }
      const before = body!.slice(0, match.index);
      const key = [...before.matchAll(/\/([^\s/<>[\]()]+)\s*[([<]/g)].at(-1)?.[1];
      places.push(`obj ${number} /${key ?? '?'}`);
    }
  }
  return [...new Set(places)];
}
