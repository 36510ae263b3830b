import { formFields } from './form-fields.js';
import { ocrLanguageCodes, ocrLanguages, ocrLanguagesField } from './ocr-languages.js';
import { enumField } from './option-fields.js';

/**
 * The options of a tool that reads text and offers OCR for scanned pages (Extract Text, PDF to Word): whether to
 * recognise pages that hold only a picture of text (`ocr`: auto, the default, or never) and in which language. A
 * function, so each tool registers its own copies in the form metadata.
 */
export function scannedPageOptions(hint: string) {
  const group = 'Scanned pages';
  return {
    ocr: enumField('OCR of scanned pages', ['auto', 'never'], 'auto').register(formFields, {
      label: 'Text in scanned pages',
      control: {
        kind: 'select',
        choices: [
          { value: 'auto', label: 'Recognise it (OCR)' },
          { value: 'never', label: 'Leave scanned pages as they are' },
        ],
      },
      hint,
      group,
    }),
    languages: ocrLanguagesField().register(formFields, {
      label: 'Language of scanned pages',
      control: {
        kind: 'select',
        choices: ocrLanguageCodes.map((code) => ({ value: code, label: ocrLanguages[code] })),
      },
      group,
      shownWhen: { field: 'ocr', equals: 'auto' },
    }),
  };
}
