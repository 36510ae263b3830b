import { writeFileSync } from 'node:fs';
import type * as mupdf from 'mupdf';
import type { SanitizeCount, SanitizeKind, SanitizeReport } from '@paperknife/catalog/sanitize-report';
import { sanitizeKinds } from '@paperknife/catalog/sanitize-report';
import { openPdf } from '../mupdf/open-pdf.js';
import { nameOf } from '../mupdf/pdf-objects.js';
import { type OptionalContent, hiddenLayers, removeHiddenLayers } from './hidden-layers.js';
import { removeXfa, xfaOf, xfaScripts } from './xfa-form.js';

export interface SanitizeDocumentPayload {
  input: string;
  output: string;
  /** The kinds of data to remove; the others are only counted. */
  remove: Readonly<Record<SanitizeKind, boolean>>;
}

/** Actions that only move within the document or open a web address (a link's own business). */
const HARMLESS_ACTIONS = new Set(['GoTo', 'URI', 'Named']);
/** Annotations that are comments: everything but links, form widgets, attachments and printer's marks. */
const NOT_COMMENTS = new Set(['Link', 'Widget', 'FileAttachment', 'PrinterMark', 'TrapNet']);

/**
 * Counts each kind of hidden data in the document and removes the chosen ones (sanitize-report.ts lists them), then
 * saves the document with what is no longer referenced dropped: nothing removed stays in the file.
 */
export function sanitizeDocument(payload: SanitizeDocumentPayload): SanitizeReport {
  const doc = openPdf(payload.input);
  try {
    const { remove } = payload;
    const found = new Map<SanitizeKind, number>(sanitizeKinds.map((kind) => [kind, 0]));
    const removed = new Map<SanitizeKind, number>(sanitizeKinds.map((kind) => [kind, 0]));
    const count = (kind: SanitizeKind, n = 1) => {
      found.set(kind, found.get(kind)! + n);
      if (remove[kind]) removed.set(kind, removed.get(kind)! + n);
    };
    // Read afresh after baking the form, which gives the document a new trailer.
    const catalog = () => doc.getTrailer().get('Root');

    // Layers first: what a hidden layer draws is found through the pages' resources, annotations included.
    const layers: OptionalContent = hiddenLayers(doc);
    if (layers.hidden.size > 0) {
      count('hiddenLayers', layers.hidden.size);
      if (remove.hiddenLayers) removeHiddenLayers(doc, layers);
    }
    countXfa(catalog(), remove, count);
    countFields(catalog(), remove, count);
    if (remove.formFields) {
      // The fields' appearances become page content, as a viewer shows them; the form goes.
      doc.bake(false, true);
      catalog().delete('AcroForm');
    }

    for (let index = 0; index < doc.countPages(); index++) {
      const page = doc.findPage(index);
      sanitizeAnnotations(doc, page, remove, count);
      countActions(page, 'AA', remove, count);
      if (remove.metadata) {
        for (const key of ['Metadata', 'PieceInfo']) if (!page.get(key).isNull()) page.delete(key);
      }
    }

    countScripts(doc, catalog(), remove, count);
    countAttachments(doc, catalog(), remove, count);
    countMetadata(doc.getTrailer(), catalog(), remove, count);

    const buffer = doc.saveToBuffer('garbage=compact,compress');
    try {
      writeFileSync(payload.output, buffer.asUint8Array());
    } finally {
      buffer.destroy();
    }
    const counts: SanitizeCount[] = sanitizeKinds
      .filter((kind) => found.get(kind)! > 0)
      .map((kind) => ({ kind, found: found.get(kind)!, removed: removed.get(kind)! }));
    return { counts };
  } finally {
    doc.destroy();
  }
}

type Count = (kind: SanitizeKind, n?: number) => void;

/** A page's annotations, less the chosen kinds: links, comments (with their pop-ups), attachments, actions. */
function sanitizeAnnotations(
  doc: mupdf.PDFDocument,
  page: mupdf.PDFObject,
  remove: SanitizeDocumentPayload['remove'],
  count: Count,
) {
  const annots = page.get('Annots');
  if (!annots.isArray()) return;
  const kept = doc.newArray();
  for (let i = 0; i < annots.length; i++) {
    const annot = annots.get(i);
    // A broken entry (a reference to nothing) is dropped: mupdf.js cannot look into it.
    if (!annot.isDictionary()) continue;
    const subtype = nameOf(annot.get('Subtype')) ?? '';
    const kind: SanitizeKind | undefined =
      subtype === 'Link'
        ? 'links'
        : subtype === 'FileAttachment'
          ? 'attachments'
          : subtype === 'Popup'
            ? undefined
            : NOT_COMMENTS.has(subtype)
              ? undefined
              : 'annotations';
    if (kind) count(kind);
    const parent = annot.get('Parent');
    const commentGone = remove.annotations && subtype === 'Popup' && !parent.isNull();
    if ((kind && remove[kind]) || commentGone) continue;
    countActions(annot, 'AA', remove, count);
    if (subtype !== 'Link' || !remove.links) countAction(annot, 'A', remove, count);
    kept.push(annot);
  }
  page.put('Annots', kept);
}

/** An object's additional actions (/AA): each trigger's action counted, the whole entry removed when chosen. */
function countActions(holder: mupdf.PDFObject, key: string, remove: SanitizeDocumentPayload['remove'], count: Count) {
  const actions = holder.get(key);
  if (!actions.isDictionary()) return;
  let n = 0;
  actions.forEach(() => n++);
  if (n === 0) return;
  count('javascript', n);
  if (remove.javascript) holder.delete(key);
}

/** One action (/A, /OpenAction) that runs something (JavaScript, launch, submit...): counted, removed when chosen. */
function countAction(holder: mupdf.PDFObject, key: string, remove: SanitizeDocumentPayload['remove'], count: Count) {
  const action = holder.get(key);
  if (!action.isDictionary()) return;
  const chain = [action, ...nextActions(action)];
  const running = chain.filter((step) => !HARMLESS_ACTIONS.has(nameOf(step.get('S')) ?? ''));
  if (running.length === 0) return;
  count('javascript', running.length);
  if (remove.javascript) holder.delete(key);
}

function nextActions(action: mupdf.PDFObject, depth = 0): mupdf.PDFObject[] {
  const next = action.get('Next');
  if (depth > 16 || next.isNull()) return [];
  const steps = next.isArray() ? Array.from({ length: next.length }, (_, i) => next.get(i)) : [next];
  return steps.filter((step) => step.isDictionary()).flatMap((step) => [step, ...nextActions(step, depth + 1)]);
}

/** Document-level scripts: the JavaScript name tree, the open action, the catalogue's additional actions. */
function countScripts(
  doc: mupdf.PDFDocument,
  catalog: mupdf.PDFObject,
  remove: SanitizeDocumentPayload['remove'],
  count: Count,
) {
  const scripts = hasNameTree(catalog, 'JavaScript') ? Object.keys(doc.loadNameTree('JavaScript')).length : 0;
  if (scripts > 0) {
    count('javascript', scripts);
    if (remove.javascript) catalog.get('Names').delete('JavaScript');
  }
  countAction(catalog, 'OpenAction', remove, count);
  countActions(catalog, 'AA', remove, count);
}

/** Files attached to the document (the EmbeddedFiles name tree, a portfolio); annotations are counted with pages. */
function countAttachments(
  doc: mupdf.PDFDocument,
  catalog: mupdf.PDFObject,
  remove: SanitizeDocumentPayload['remove'],
  count: Count,
) {
  const files = hasNameTree(catalog, 'EmbeddedFiles') ? Object.keys(doc.getEmbeddedFiles()).length : 0;
  if (files === 0) return;
  count('attachments', files);
  if (!remove.attachments) return;
  catalog.get('Names').delete('EmbeddedFiles');
  for (const key of ['AF', 'Collection']) if (!catalog.get(key).isNull()) catalog.delete(key);
}

/**
 * An XFA form: its scripts counted as JavaScript and removed from it when chosen; the form itself counted as one
 * form field and removed with the fields (what a viewer shows of it is the AcroForm's widgets, which are flattened).
 */
function countXfa(catalog: mupdf.PDFObject, remove: SanitizeDocumentPayload['remove'], count: Count) {
  const xfa = xfaOf(catalog);
  if (!xfa) return;
  const scripts = xfaScripts(xfa, remove.javascript && !remove.formFields);
  if (scripts > 0) count('javascript', scripts);
  count('formFields');
  if (remove.formFields) removeXfa(catalog);
}

/** mupdf.js's name tree readers fail on a catalogue without /Names. */
function hasNameTree(catalog: mupdf.PDFObject, tree: string): boolean {
  const names = catalog.get('Names');
  return names.isDictionary() && names.get(tree).isDictionary();
}

/** The document information dictionary's entries and the XMP packet. */
function countMetadata(
  trailer: mupdf.PDFObject,
  catalog: mupdf.PDFObject,
  remove: SanitizeDocumentPayload['remove'],
  count: Count,
) {
  const info = trailer.get('Info');
  let entries = 0;
  if (info.isDictionary()) info.forEach(() => entries++);
  const xmp = catalog.get('Metadata').isStream() ? 1 : 0;
  if (entries + xmp > 0) count('metadata', entries + xmp);
  if (!remove.metadata) return;
  if (!info.isNull()) trailer.delete('Info');
  for (const key of ['Metadata', 'PieceInfo']) if (!catalog.get(key).isNull()) catalog.delete(key);
}

/**
 * The form's fields that hold a value or take one (its terminal fields), and the actions of fields that are not
 * also a page's widget (those are counted with the page's annotations).
 */
function countFields(catalog: mupdf.PDFObject, remove: SanitizeDocumentPayload['remove'], count: Count) {
  const form = catalog.get('AcroForm');
  const fields = form.isDictionary() ? form.get('Fields') : form;
  if (!fields.isArray()) return;
  const seen = new Set<number>();
  let terminal = 0;
  const visit = (field: mupdf.PDFObject, depth: number) => {
    if (!field.isDictionary()) return;
    if (field.isIndirect()) {
      if (seen.has(field.asIndirect())) return;
      seen.add(field.asIndirect());
    }
    if (nameOf(field.get('Subtype')) !== 'Widget') countActions(field, 'AA', remove, count);
    const kids = field.get('Kids');
    const childFields = kids.isArray()
      ? Array.from({ length: kids.length }, (_, i) => kids.get(i)).filter(
          (kid) => kid.isDictionary() && !kid.get('T').isNull(),
        )
      : [];
    if (childFields.length === 0 || depth > 32) terminal++;
    else for (const kid of childFields) visit(kid, depth + 1);
  };
  for (let i = 0; i < fields.length; i++) visit(fields.get(i), 0);
  if (terminal > 0) count('formFields', terminal);
}
