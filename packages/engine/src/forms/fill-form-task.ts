import { readFileSync, writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import type { FormValues } from '@paperknife/catalog/pdf-form-fields';
import { ToolError } from '@paperknife/catalog/errors';
import type { ReportProgress } from '../mupdf/task-table.js';
import { openPdf } from '../mupdf/open-pdf.js';
import { type FieldAssignment, assignValues } from './field-values.js';
import { assertHasFields, entry, onState, readFormFields } from './read-form-fields.js';

export interface FillFormPayload {
  input: string;
  /** One filled copy per row, written to the output of the same index. */
  rows: FormValues[];
  outputs: string[];
  /** Bake the filled fields into the page: they are no longer fields. */
  flatten: boolean;
}

/**
 * Fills a form once per row. Every row is checked against the form's fields before anything is written, so a bad
 * value in row 900 costs no work. Each copy starts from the upload, gets its values, and has the appearances of the
 * fields it changed drawn by MuPDF, so every viewer (those that ignore NeedAppearances too) shows them.
 */
export function fillForm(payload: FillFormPayload, report: ReportProgress): void {
  const bytes = readFileSync(payload.input);
  const first = openPdf(payload.input);
  let assignments: FieldAssignment[][];
  try {
    const list = readFormFields(first);
    assertHasFields(first, list);
    const bulk = payload.rows.length > 1;
    assignments = payload.rows.map((row, index) => assignValues(list.fields, row, bulk ? index + 1 : undefined));
  } finally {
    first.destroy();
  }
  assignments.forEach((row, index) => {
    const doc = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF();
    if (!doc) throw new ToolError('damaged_pdf');
    try {
      applyValues(doc, new Map(row.map(({ name, value }) => [name, value])));
      if (payload.flatten) doc.bake(false, true);
      writeFileSync(payload.outputs[index]!, doc.saveToBuffer('compress').asUint8Array());
    } finally {
      doc.destroy();
    }
    if (payload.rows.length > 1) report({ stage: 'Filling forms', done: index + 1, total: payload.rows.length });
  });
}

function applyValues(doc: mupdf.PDFDocument, values: ReadonlyMap<string, string>): void {
  if (values.size === 0) return;
  const pages = doc.countPages();
  for (let index = 0; index < pages; index++) {
    const page = doc.loadPage(index);
    for (const widget of page.getWidgets()) {
      const value = values.get(widget.getName());
      if (value === undefined) continue;
      setWidget(doc, widget, value);
      widget.update();
    }
    page.destroy();
  }
}

function setWidget(doc: mupdf.PDFDocument, widget: mupdf.PDFWidget, value: string): void {
  if (widget.isCheckbox() || widget.isRadioButton()) {
    // The states are written directly rather than toggled: toggling follows the file's current state, which some
    // forms leave inconsistent (a group's /V naming one button while another shows as on).
    const own = widget.getObject();
    const state = value === onState(widget) ? value : 'Off';
    own.put('AS', doc.newName(state));
    const field = entry(own, 'T') ? own : entry(own, 'Parent');
    field?.put('V', doc.newName(value === '' ? 'Off' : value));
    return;
  }
  keepTurn(doc, widget);
  if (widget.isChoice()) widget.setChoiceValue(value);
  else widget.setTextValue(value);
}

/**
 * A field whose appearance its producer turned with the stream's /Matrix (a field along the side of a turned page)
 * but whose /MK says no rotation would be drawn anew level, across a box made for upright text, and clipped. The
 * turn the old appearance had is written as /MK /R, which MuPDF's new appearance follows, as a viewer's does.
 */
function keepTurn(doc: mupdf.PDFDocument, widget: mupdf.PDFWidget): void {
  const own = widget.getObject();
  const old = entry(own, 'MK');
  if (old?.isDictionary() && entry(old, 'R')?.isNumber() && entry(old, 'R')!.asNumber() % 360 !== 0) return;
  const matrix = entry(own, 'AP', 'N', 'Matrix');
  if (!matrix?.isArray() || matrix.length < 4) return;
  const [a, b, c, d] = [0, 1, 2, 3].map((i) => matrix.get(i).asNumber());
  const turn = Math.round((Math.atan2(b!, a!) * 180) / Math.PI / 90) * 90;
  // Only a pure quarter turn (no skew, no scale to speak of) says how the field was meant to read.
  const quarter =
    Math.abs(Math.abs(a!) + Math.abs(b!) - 1) < 0.01 && Math.abs(a! - d!) < 0.01 && Math.abs(b! + c!) < 0.01;
  if (!quarter || turn % 360 === 0) return;
  const mk = doc.newDictionary();
  if (old?.isDictionary()) old.forEach((value, key) => mk.put(key, value));
  mk.put('R', (turn + 360) % 360);
  own.put('MK', mk);
}
