import type { FormFieldList } from '@paperknife/catalog/pdf-form-fields';
import { openPdf } from '../mupdf/open-pdf.js';
import { readFormFields, refuseXfaOnly } from './read-form-fields.js';

export interface ListFormFieldsPayload {
  input: string;
}

/**
 * The fields of a form, for the field-listing function and the page's form. A PDF without fields lists none; an
 * XFA-only form is refused with what to do.
 */
export function listFormFields(payload: ListFormFieldsPayload): FormFieldList {
  const doc = openPdf(payload.input);
  try {
    const list = readFormFields(doc);
    refuseXfaOnly(doc, list);
    return list;
  } finally {
    doc.destroy();
  }
}
