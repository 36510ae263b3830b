import { helveticaPagePdf } from './make-pdf.js';

/** The text astralLettersPdf draws: Gothic letters past U+FFFF, two UTF-16 code units each. */
export const ASTRAL_TEXT = '\u{10330}\u{10331} \u{10332}\u{10330}';

/**
 * A page whose text reads as letters past U+FFFF: Helvetica draws "AB CA", and its ToUnicode maps A, B and C to
 * U+10330, U+10331 and U+10332 (ASTRAL_TEXT). A reader that keeps 16 bits of a code point reads other letters.
 */
export function astralLettersPdf(): Buffer {
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Astral def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    '4 beginbfchar <20> <0020> <41> <D800DF30> <42> <D800DF31> <43> <D800DF32> endbfchar',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  return helveticaPagePdf('BT /F1 14 Tf 72 700 Td (AB CA) Tj ET', ' /ToUnicode 6 0 R', [
    `<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`,
  ]);
}
