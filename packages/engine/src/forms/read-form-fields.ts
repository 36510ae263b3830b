import * as mupdf from 'mupdf';
import { ToolError } from '@paperknife/catalog/errors';
import type { FormField, FormFieldList, FormFieldType } from '@paperknife/catalog/pdf-form-fields';

/**
 * The fields of an open PDF, read in the MuPDF worker: one entry per field (a radio group's widgets together),
 * in page order, with where each widget sits for the page's preview. A widget marked hidden or not to be viewed
 * is left out, as viewers leave it out: such fields hold a form's constants and workings (a "-1" its scripts
 * multiply by), which a visitor should neither see nor change; they keep their values when the form is filled.
 */
export function readFormFields(doc: mupdf.PDFDocument): FormFieldList {
  const fields = new Map<string, FormField>();
  const pages = doc.countPages();
  // No fields in the form dictionary: no page needs loading (a long book without a form answers at once).
  const listed = entry(doc.getTrailer(), 'Root', 'AcroForm', 'Fields');
  if (!listed?.isArray() || listed.length === 0) return { pages, fields: [] };
  for (let index = 0; index < pages; index++) {
    const page = doc.loadPage(index);
    for (const widget of page.getWidgets()) {
      if (widget.getFlags() & NOT_SHOWN) continue;
      const name = widget.getName();
      const rect = widget.getRect();
      const place = { page: index + 1, rect: [rect[0], rect[1], rect[2], rect[3]] as [number, number, number, number] };
      const known = fields.get(name);
      if (known) {
        known.widgets.push(place);
        const state = onState(widget);
        if (known.type === 'radio' && state && !known.options.includes(state)) known.options.push(state);
        continue;
      }
      fields.set(name, describe(widget, name, place));
    }
    page.destroy();
  }
  return { pages, fields: [...fields.values()] };
}

const NOT_SHOWN = mupdf.PDFAnnotation.IS_HIDDEN | mupdf.PDFAnnotation.IS_NO_VIEW;

function describe(widget: mupdf.PDFWidget, name: string, place: FormField['widgets'][number]): FormField {
  const type = fieldType(widget);
  const state = onState(widget);
  const maxLength = widget.getMaxLen();
  const format = type === 'date' ? dateFormat(widget) : undefined;
  return {
    name,
    label: widget.getLabel() || name,
    type,
    value: widget.getValue(),
    options:
      type === 'checkbox' || type === 'radio' ? (state ? [state] : []) : widget.isChoice() ? widget.getOptions() : [],
    readOnly: widget.isReadOnly(),
    editable: widget.isComboBox() && (widget.getFieldFlags() & mupdf.PDFWidget.CH_FIELD_IS_EDIT) !== 0,
    ...(maxLength > 0 ? { maxLength } : {}),
    ...(format ? { format } : {}),
    widgets: [place],
  };
}

function fieldType(widget: mupdf.PDFWidget): FormFieldType {
  switch (widget.getFieldType()) {
    case 'checkbox':
      return 'checkbox';
    case 'radiobutton':
      return 'radio';
    case 'listbox':
      return 'list';
    case 'combobox':
      return 'combo';
    case 'signature':
      return 'signature';
    case 'button':
      return 'button';
    default:
      if (widget.isComb()) return 'comb';
      if (widget.isMultiline()) return 'multiline';
      return dateFormat(widget) ? 'date' : 'text';
  }
}

/** The name of a checkbox's or radio button's checked state: its normal appearance's key other than Off. */
export function onState(widget: mupdf.PDFWidget): string | undefined {
  const normal = entry(widget.getObject(), 'AP', 'N');
  let state: string | undefined;
  if (normal?.isDictionary()) {
    normal.forEach((_value, key) => {
      if (state === undefined && key !== 'Off') state = String(key);
    });
  }
  return state;
}

/** A date field's format, from the AFDate_FormatEx call of its format script (how Acrobat marks dates). */
function dateFormat(widget: mupdf.PDFWidget): string | undefined {
  const script = entry(widget.getObject(), 'AA', 'F', 'JS');
  const text = script?.isStream() ? script.readStream().asString() : script?.isString() ? script.asString() : '';
  return /AFDate_(?:Format|FormatEx)\s*\(\s*"([^"]*)"/.exec(text)?.[1];
}

/** Refuses an XFA-only form: its fields live in XML that only Adobe Reader draws, with no widgets to fill. */
export function refuseXfaOnly(doc: mupdf.PDFDocument, list: FormFieldList): void {
  if (list.fields.length > 0) return;
  if (entry(doc.getTrailer(), 'Root', 'AcroForm', 'XFA')) throw new ToolError('xfa_form');
}

/** Refuses a document with nothing to fill: an XFA-only form, or a PDF without form fields. */
export function assertHasFields(doc: mupdf.PDFDocument, list: FormFieldList): void {
  refuseXfaOnly(doc, list);
  if (list.fields.length === 0) throw new ToolError('no_form_fields');
}

/** The object at a path of dictionary keys, or undefined where a step is missing or not a dictionary. */
export function entry(object: mupdf.PDFObject, ...keys: string[]): mupdf.PDFObject | undefined {
  let at = object;
  for (const key of keys) {
    if (!at.isDictionary()) return undefined;
    at = at.get(key);
  }
  return at.isNull() ? undefined : at;
}
