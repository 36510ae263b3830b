import { formFields } from './form-fields.js';
import { numberField } from './option-fields.js';

/**
 * The resolution option of the tools that draw pages as images (PDF to JPG, PNG, TIFF): the page offers four
 * resolutions, the API takes any from 72 to 300. A new field each call: each tool registers its own, and its texts
 * are that tool's messages. `at200` names the 200 dpi choice where a format has a use for it (fax for TIFF).
 */
export function renderResolution(at200 = '200 dpi') {
  return numberField({ label: 'Resolution (dpi)', min: 72, max: 300, default: 150, integer: true }).register(
    formFields,
    {
      label: 'Resolution',
      control: {
        kind: 'select',
        choices: [
          { value: '72', label: '72 dpi (screen)' },
          { value: '150', label: '150 dpi (default)' },
          { value: '200', label: at200 },
          { value: '300', label: '300 dpi (print)' },
        ],
      },
    },
  );
}
