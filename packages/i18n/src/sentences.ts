/**
 * Words written the same in every language the site speaks: the brand, file formats, acronyms and product names.
 * A text made only of these (and of fewer than four other words) needs no translation; the message tests and the
 * prerendered-page checks use the same rule to find English left on a translated page.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'paperknife',
  'pdf',
  'pdfs',
  'jpg',
  'jpeg',
  'png',
  'tiff',
  'word',
  'docx',
  'doc',
  'ocr',
  'api',
  'http',
  'https',
  'json',
  'zip',
  'aes',
  'curl',
  'openapi',
  'agpl',
  'qpdf',
  'ghostscript',
  'libreoffice',
  'ocrmypdf',
  'tesseract',
  'chrome',
  'edge',
  'firefox',
  'safari',
  'microsoft',
  'excel',
  'powerpoint',
  'adobe',
  'acrobat',
  'github',
]);

/**
 * Whether a text is a sentence someone would translate: at least four words between spaces (a path, a code or a
 * MIME type is one word) besides the words every language writes the same.
 */
export function isSentence(text: string): boolean {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}]/gu, ''))
    .filter((word) => word.length >= 2 && !SAME_IN_EVERY_LANGUAGE.has(word));
  return words.length >= 4;
}
