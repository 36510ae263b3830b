/**
 * HTML is text: recognised by how it starts, as browsers sniff it (the WHATWG MIME Sniffing standard's HTML
 * patterns), after an optional byte order mark, white space, comments and an XML declaration.
 */

/** How many leading bytes `looksLikeHtml` reads (fewer than identifyFile reads of text): enough for a long licence comment before the doctype. */
export const HTML_SNIFF_BYTES = 4096;

// The tags a page may open with; each must be followed by a space or `>` (so `<a` does not match `<address`).
const openingTags = [
  '!doctype html',
  'html',
  'head',
  'body',
  'meta',
  'title',
  'style',
  'link',
  'script',
  'iframe',
  'table',
  'font',
  'div',
  'br',
  'h1',
  'p',
  'a',
  'b',
];

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;

export function looksLikeHtml(start: Uint8Array): boolean {
  // Latin-1 keeps one character per byte; the tags are ASCII.
  const text = String.fromCharCode(...start.subarray(0, HTML_SNIFF_BYTES)).toLowerCase();
  let at = text.startsWith('\xef\xbb\xbf') ? 3 : 0;
  for (;;) {
    while (at < text.length && isSpace(text.charCodeAt(at))) at++;
    const close = text.startsWith('<!--', at) ? '-->' : text.startsWith('<?xml', at) ? '?>' : undefined;
    if (!close) break;
    const end = text.indexOf(close, at);
    if (end < 0) return false;
    at = end + close.length;
  }
  return openingTags.some((tag) => {
    if (!text.startsWith(`<${tag}`, at)) return false;
    const after = text.charCodeAt(at + tag.length + 1);
    return isSpace(after) || after === 0x3e;
  });
}

/** A file name an HTML page goes by. */
export function isHtmlName(name: string): boolean {
  return /\.x?html?$/i.test(name);
}
