import type * as mupdf from 'mupdf';
import type { Scrub } from './text-matches.js';

/** A literal string `( ... )` with escapes and balanced parentheses, or a hex string `< ... >`. */
export const STRING = String.raw`\((?:\\[\s\S]|[^\\()]|\((?:\\[\s\S]|[^\\()])*\))*\)|<[0-9A-Fa-f\s]*>`;
const REPLACEMENT_TEXT = new RegExp(String.raw`/(ActualText|Alt|E)\s*(${STRING})`, 'g');

/** A PDF string's bytes as text: UTF-16BE after its byte order mark, else one byte per character. */
export function decodePdfString(token: string): string {
  let bytes: number[];
  if (token.startsWith('<')) {
    const hex = token.slice(1, -1).replace(/\s/g, '');
    bytes = (hex.length % 2 ? `${hex}0` : hex).match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [];
  } else {
    bytes = [];
    const body = token.slice(1, -1);
    for (let i = 0; i < body.length; i++) {
      const char = body[i]!;
      if (char !== '\\') {
        bytes.push(char.charCodeAt(0) & 255);
        continue;
      }
      const next = body[++i] ?? '';
      const octal = /^[0-7]{1,3}/.exec(body.slice(i))?.[0];
      if (octal) {
        bytes.push(Number.parseInt(octal, 8) & 255);
        i += octal.length - 1;
      } else if (next !== '\n' && next !== '\r') {
        bytes.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ?? next.charCodeAt(0));
      }
    }
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    let text = '';
    for (let i = 2; i + 1 < bytes.length; i += 2) text += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
    return text;
  }
  return String.fromCharCode(...bytes);
}

/**
 * Drops the replacement texts of marked content (/ActualText, /Alt, /E) that hold a redacted string from a content
 * stream: a page's, a form XObject's or an annotation's appearance. MuPDF's redaction removes the glyphs under an
 * area, not these words, which text extraction reads in their place. Answers how many it dropped.
 */
export function scrubMarkedContent(stream: mupdf.PDFObject, scrub: Scrub): number {
  if (!stream.isStream()) return 0;
  // Content is bytes, not UTF-8: read and written back one byte per character.
  const text = Buffer.from(stream.readStream().asUint8Array()).toString('latin1');
  if (!/\/(ActualText|Alt|E)\b/.test(text)) return 0;
  let changed = 0;
  const next = text.replace(REPLACEMENT_TEXT, (whole, _key: string, token: string) => {
    if (scrub(decodePdfString(token)) === undefined) return whole;
    changed++;
    return '';
  });
  if (changed > 0) stream.writeStream(Buffer.from(next, 'latin1'));
  return changed;
}

/** The content streams of a page: one stream or an array of them. */
export function pageContentStreams(page: mupdf.PDFObject): mupdf.PDFObject[] {
  const contents = page.get('Contents');
  const streams: mupdf.PDFObject[] = [];
  if (contents.isArray()) contents.forEach((part) => streams.push(part));
  else streams.push(contents);
  return streams.filter((stream) => stream.isStream());
}
