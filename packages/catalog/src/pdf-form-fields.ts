import { z } from 'zod';
import { FUNCTIONS_PREFIX } from './http-api.js';

/**
 * The fields of a PDF form as Fill PDF forms reads them: what the field-listing function answers, what the page
 * renders as a form, and the values a client sends back (by field name). One model for the engine, the server
 * and the site.
 */

/** `POST {FORM_FIELDS_PATH}` with a PDF answers the JSON of its fields (`formFieldList`). */
export const FORM_FIELDS_FUNCTION = 'pdf-form-fields';
export const FORM_FIELDS_PATH = `${FUNCTIONS_PREFIX}/${FORM_FIELDS_FUNCTION}`;

/** The kinds of field the engine tells apart. `signature` and `button` are listed but cannot be filled. */
export const formFieldTypes = [
  'text',
  'multiline',
  'comb',
  'date',
  'checkbox',
  'radio',
  'list',
  'combo',
  'signature',
  'button',
] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

/** Field types a value can be given to. */
export const fillableFieldTypes: readonly FormFieldType[] = formFieldTypes.filter(
  (type) => type !== 'signature' && type !== 'button',
);

/** Where one of a field's widgets sits: page number (from 1) and rectangle in points, origin top left. */
export const formWidget = z.object({
  page: z.number().int().min(1),
  rect: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});

export const formField = z.object({
  name: z.string().meta({ description: 'The full field name: the key of its value in `values`.' }),
  label: z.string().meta({ description: 'The tooltip (/TU) a form author gave the field, or its name.' }),
  type: z.enum(formFieldTypes),
  value: z.string().meta({
    description: 'The current value: text, the chosen option, or the checked state of a checkbox or radio (`Off`).',
  }),
  options: z.array(z.string()).meta({
    description: 'The values a checkbox, radio group, list or combo takes (a checkbox: its checked state).',
  }),
  readOnly: z.boolean(),
  editable: z.boolean().meta({ description: 'A combo that also takes text not in its list.' }),
  maxLength: z.number().int().optional().meta({ description: 'Most characters a text or comb field holds.' }),
  format: z.string().optional().meta({ description: "A date field's format, such as `dd/mm/yyyy`." }),
  widgets: z.array(formWidget),
});
export type FormField = z.infer<typeof formField>;

export const formFieldList = z.object({
  pages: z.number().int().meta({ description: 'Pages in the document.' }),
  fields: z.array(formField),
});
export type FormFieldList = z.infer<typeof formFieldList>;

/** One value as a client sends it: text, a number, or a checkbox's true/false. */
export type FormValue = string | number | boolean;
export type FormValues = Readonly<Record<string, FormValue>>;

const formValue = z.union([z.string(), z.number(), z.boolean()]);
const valuesObject = z.record(z.string(), formValue, {
  error: 'Field values must be a JSON object of field names and values, such as {"name": "Ada Lovelace"}.',
});

/** `values` as JSON, or as a string holding the JSON (an HTML form's field). */
export const formValuesField = z
  .union([
    valuesObject,
    z.string().transform((raw, context) => {
      try {
        return valuesObject.parse(JSON.parse(raw));
      } catch {
        context.addIssue({
          code: 'custom',
          message: 'Field values must be a JSON object of field names and values, such as {"name": "Ada Lovelace"}.',
        });
        return z.NEVER;
      }
    }),
  ])
  .optional()
  .meta({
    description:
      'JSON object of field names and values: text, a choice, or true/false for a checkbox. Fields not named keep their value. See `pdf-form-fields` for the names.',
  });

/** Words a checkbox value may be given in (besides its own checked-state name and `Off`). */
export const checkedWords = ['true', 'yes', 'on', '1', 'checked', 'x'];
export const uncheckedWords = ['false', 'no', 'off', '0', 'unchecked', ''];
