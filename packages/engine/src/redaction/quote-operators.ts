import type * as mupdf from 'mupdf';

/**
 * MuPDF's redaction (1.28) writes a page's `x y Td` back as `x y TD`, which also sets the leading to -y, and then
 * its `'` and `"` (next line, then show) as `T*`: every line shown with them after the first lands far below the
 * page, unredacted. Written beforehand as the `T*` and `Tj` they stand for (ISO 32000-1, 9.4.3), they come out right.
 */

const WHITE = /[\0\t\n\f\r ]/;
const DELIMITER = /[\0\t\n\f\r ()<>[\]{}/%]/;

interface Span {
  start: number;
  end: number;
}

/** The end of the token at `at`: a string, a hex string or dictionary bracket, a name, a comment or a word. */
function tokenEnd(text: string, at: number): number {
  const char = text[at]!;
  if (char === '%') {
    const end = text.slice(at).search(/[\r\n]/);
    return end < 0 ? text.length : at + end;
  }
  if (char === '(') {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) return i + 1;
    }
    return text.length;
  }
  if (char === '<') {
    if (text[at + 1] === '<') return at + 2;
    const end = text.indexOf('>', at);
    return end < 0 ? text.length : end + 1;
  }
  if (char === '>' && text[at + 1] === '>') return at + 2;
  if ('[]{}'.includes(char)) return at + 1;
  let i = at + 1;
  while (i < text.length && !DELIMITER.test(text[i]!)) i++;
  return i;
}

/** A content stream with every `'` and `"` written as `T*` and `Tj`; undefined when it has none. */
export function withoutQuoteOperators(text: string): string | undefined {
  const edits: { span: Span; text: string }[] = [];
  let operands: Span[] = [];
  let at = 0;
  while (at < text.length) {
    if (WHITE.test(text[at]!)) {
      at++;
      continue;
    }
    const span = { start: at, end: tokenEnd(text, at) };
    const token = text.slice(span.start, span.end);
    at = span.end;
    if (token.startsWith('%')) continue;
    if (/^[([<>\]{}/]|^[-+.\d]/.test(token) || token === 'true' || token === 'false' || token === 'null') {
      operands.push(span);
      continue;
    }
    const word = (operand: Span | undefined) => (operand ? text.slice(operand.start, operand.end) : '');
    if (token === "'" && operands.length >= 1) {
      const shown = operands.at(-1)!;
      edits.push({ span: { start: shown.start, end: span.end }, text: `T* ${word(shown)} Tj` });
    } else if (token === '"' && operands.length >= 3) {
      const [wordSpacing, charSpacing, shown] = operands.slice(-3);
      edits.push({
        span: { start: wordSpacing!.start, end: span.end },
        text: `${word(wordSpacing)} Tw ${word(charSpacing)} Tc T* ${word(shown)} Tj`,
      });
    } else if (token === 'ID') {
      // Inline image data: binary up to the EI that stands alone.
      const end = text.slice(at + 1).search(/[\0\t\n\f\r ]EI(?=[\0\t\n\f\r ]|$)/);
      at = end < 0 ? text.length : at + 1 + end + 3;
    }
    operands = [];
  }
  if (edits.length === 0) return undefined;
  let result = '';
  let from = 0;
  for (const edit of edits) {
    result += text.slice(from, edit.span.start) + edit.text;
    from = edit.span.end;
  }
  return result + text.slice(from);
}

/** The page's content streams and the form XObjects it draws (and they draw), quote operators rewritten. */
export function rewriteQuoteOperators(page: mupdf.PDFObject): void {
  const streams: mupdf.PDFObject[] = [];
  const contents = page.get('Contents');
  if (contents.isArray()) contents.forEach((part) => streams.push(part));
  else streams.push(contents);
  const seen = new Set<number>();
  // getInheritable answers null, not a null object, when no page up the tree has resources.
  const resources: (mupdf.PDFObject | null)[] = [page.getInheritable('Resources')];
  while (resources.length > 0) {
    const dictionary = resources.pop();
    if (!dictionary?.isDictionary()) continue;
    dictionary.get('XObject').forEach((xobject) => {
      if (!xobject.isStream() || seen.has(xobject.asIndirect())) return;
      seen.add(xobject.asIndirect());
      if (xobject.get('Subtype').asName() !== 'Form') return;
      streams.push(xobject);
      resources.push(xobject.get('Resources'));
    });
  }
  for (const stream of streams) {
    if (!stream.isStream()) continue;
    const text = Buffer.from(stream.readStream().asUint8Array()).toString('latin1');
    if (!/['"]/.test(text)) continue;
    const next = withoutQuoteOperators(text);
    if (next !== undefined) stream.writeStream(Buffer.from(next, 'latin1'));
  }
}
