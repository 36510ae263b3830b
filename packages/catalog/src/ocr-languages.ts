import { z } from 'zod';

/**
 * The languages OCR reads (OCR PDF, and Extract Text on scanned pages), by Tesseract's code (the names OCRmyPDF and Tesseract take), in the order the page
 * lists them. Each is a Debian `tesseract-ocr-<code>` pack that setup and the Docker image install.
 */
export const ocrLanguages = {
  eng: 'English',
  deu: 'German',
  fra: 'French',
  spa: 'Spanish',
  ita: 'Italian',
  por: 'Portuguese',
  nld: 'Dutch',
  pol: 'Polish',
  rus: 'Russian',
  ukr: 'Ukrainian',
  tur: 'Turkish',
  chi_sim: 'Chinese (Simplified)',
  chi_tra: 'Chinese (Traditional)',
  jpn: 'Japanese',
  kor: 'Korean',
  ara: 'Arabic',
  hin: 'Hindi',
} as const satisfies Record<string, string>;

export type OcrLanguage = keyof typeof ocrLanguages;

export const ocrLanguageCodes = Object.keys(ocrLanguages) as OcrLanguage[];

/** Each language multiplies Tesseract's work on every word; past a few, recognition gets slower and worse. */
export const OCR_MAX_LANGUAGES = 4;

function isOcrLanguage(code: string): code is OcrLanguage {
  return Object.hasOwn(ocrLanguages, code);
}

/**
 * One or several languages, `eng` or `eng+deu` (Tesseract's spelling; commas work too), out as `eng+deu`. A
 * function, so each tool registers its own copy with its own form metadata.
 */
export const ocrLanguagesField = () =>
  z
    .string({ error: 'The languages must be text, such as eng or eng+deu.' })
    .trim()
    .max(200, 'The list of languages is too long.')
    .default('eng')
    .transform((raw, ctx) => {
      const codes = [...new Set(raw.split(/[+,\s]+/).filter(Boolean))];
      const unknown = codes.filter((code) => !isOcrLanguage(code));
      if (codes.length === 0 || unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown OCR language${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ') || '(none)'}. Use ${ocrLanguageCodes.join(', ')}.`,
          params: { errorCode: 'invalid_option' },
        });
        return z.NEVER;
      }
      if (codes.length > OCR_MAX_LANGUAGES) {
        ctx.addIssue({
          code: 'custom',
          message: `Choose at most ${OCR_MAX_LANGUAGES} languages at a time.`,
          params: { errorCode: 'invalid_option' },
        });
        return z.NEVER;
      }
      // One string, as the form holds it: the page's select starts at the schema's default.
      return codes.join('+');
    })
    .meta({
      description:
        `The languages of the text, by Tesseract code, joined with + (or commas): ${ocrLanguageCodes.join(', ')}. ` +
        `At most ${OCR_MAX_LANGUAGES}. Default eng.`,
      examples: ['eng', 'eng+deu', 'chi_sim'],
    });
