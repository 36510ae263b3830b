/**
 * PDF objects written by our own code (JPG to PDF's file, the bookmarks Merge and Organize append): a closed set of
 * value types, each written so that no value can break the syntax around it. What cannot be written safely (a name
 * that would need escaping, a number PDF readers cannot read) throws rather than writes.
 */

/** A PDF name, written `/Name`: letters, digits, `.`, `_` and `-` only. */
export class PdfName {
  constructor(readonly name: string) {}
}

/** A reference to an indirect object, written `N 0 R`. */
export class PdfRef {
  constructor(readonly id: number) {}
}

/** A value; a string is a text string (printable ASCII as a literal, anything else UTF-16BE in hex). */
export type PdfValue = number | boolean | null | string | PdfName | PdfRef | readonly PdfValue[] | PdfDict;
export interface PdfDict {
  readonly [key: string]: PdfValue | undefined;
}

export const name = (value: string) => new PdfName(value);

export function serialise(value: PdfValue): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return pdfNumber(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return pdfText(value);
  if (value instanceof PdfName) return pdfName(value.name);
  if (value instanceof PdfRef) return `${value.id} 0 R`;
  if (Array.isArray(value)) return `[${(value as readonly PdfValue[]).map(serialise).join(' ')}]`;
  const entries = Object.entries(value as PdfDict).filter(
    (entry): entry is [string, PdfValue] => entry[1] !== undefined,
  );
  return `<<${entries.map(([key, item]) => `${pdfName(key)} ${serialise(item)}`).join(' ')}>>`;
}

/** A number as PDF writes one: no exponent; reals to six decimals (below a thousandth of a point). */
function pdfNumber(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) throw new Error(`Not a PDF number: ${value}`);
  if (Number.isInteger(value)) return String(value);
  return value.toFixed(6).replace(/\.?0+$/, '');
}

function pdfName(value: string): string {
  if (!/^[A-Za-z0-9._-]+$/.test(value)) throw new Error(`Not a plain PDF name: ${value}`);
  return `/${value}`;
}

function pdfText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}
