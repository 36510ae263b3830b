import type * as mupdf from 'mupdf';
import { nameOf } from '../mupdf/pdf-objects.js';
import { type HiddenNames, removeHiddenContent } from './hidden-content.js';
import { documentMembership, inlineMembership, membershipHidden } from './layer-visibility.js';

/** The document's optional content: the object numbers of the layers (OCGs) its default view hides. */
export interface OptionalContent {
  hidden: ReadonlySet<number>;
}

/** The layers hidden in the default configuration: listed in /OFF, or not in /ON when /BaseState is /OFF. */
export function hiddenLayers(doc: mupdf.PDFDocument): OptionalContent {
  const properties = doc.getTrailer().get('Root', 'OCProperties');
  // mupdf.js cannot look into a null object: every step checks what it got.
  if (!properties.isDictionary()) return { hidden: new Set() };
  const groups = refs(properties.get('OCGs'));
  const config = properties.get('D');
  if (!config.isDictionary()) return { hidden: new Set() };
  const off = new Set(refs(config.get('OFF')));
  const on = new Set(refs(config.get('ON')));
  const baseOff = nameOf(config.get('BaseState')) === 'OFF';
  return { hidden: new Set(groups.filter((group) => off.has(group) || (baseOff && !on.has(group)))) };
}

/**
 * Removes what the hidden layers draw on every page (content, Form XObjects, annotations), then the layers
 * themselves from the document's list of layers and its configurations.
 */
export function removeHiddenLayers(doc: mupdf.PDFDocument, layers: OptionalContent): void {
  const filtered = new Set<number>();
  for (let index = 0; index < doc.countPages(); index++) {
    const page = doc.findPage(index);
    const resources = page.getInheritable('Resources');
    const contents = page.get('Contents');
    const streams = contents.isArray()
      ? Array.from({ length: contents.length }, (_, i) => contents.get(i))
      : [contents];
    const readable = streams.filter((stream) => stream.isStream());
    if (readable.length > 0) {
      // One stream: a marked section may begin in one of a page's streams and end in the next.
      const joined = joinStreams(readable.map((stream) => stream.readStream().asUint8Array()));
      const { bytes, removed } = removeHiddenContent(joined, hiddenNames(resources, layers));
      if (removed > 0) page.put('Contents', doc.addStream(bytes, {}));
    }
    filterForms(doc, resources, layers, filtered, 0);
    dropHiddenResources(resources, layers);
    const annots = page.get('Annots');
    if (annots.isArray()) {
      const kept = doc.newArray();
      for (let i = 0; i < annots.length; i++) {
        const annot = annots.get(i);
        if (!annot.isDictionary() || !isHidden(annot.get('OC'), layers)) kept.push(annot);
      }
      page.put('Annots', kept);
    }
  }
  pruneLayers(doc, layers);
}

/** The Form XObjects of `resources`, filtered as pages are, each once, with their own resources. */
function filterForms(
  doc: mupdf.PDFDocument,
  resources: mupdf.PDFObject,
  layers: OptionalContent,
  filtered: Set<number>,
  depth: number,
) {
  if (!resources.isDictionary() || depth > 16) return;
  const xobjects = resources.get('XObject');
  if (!xobjects.isDictionary()) return;
  xobjects.forEach((xobject) => {
    if (!xobject.isIndirect() || !xobject.isStream() || nameOf(xobject.get('Subtype')) !== 'Form') return;
    if (filtered.has(xobject.asIndirect())) return;
    filtered.add(xobject.asIndirect());
    const own = xobject.get('Resources');
    const formResources = own.isDictionary() ? own : resources;
    const { bytes, removed } = removeHiddenContent(
      xobject.readStream().asUint8Array(),
      hiddenNames(formResources, layers),
    );
    if (removed > 0) xobject.writeStream(bytes);
    filterForms(doc, formResources, layers, filtered, depth + 1);
    dropHiddenResources(formResources, layers);
  });
}

/** The resource entries hidden content was drawn through, now that nothing draws it: the file keeps none of it. */
function dropHiddenResources(resources: mupdf.PDFObject, layers: OptionalContent) {
  const names = hiddenNames(resources, layers);
  for (const name of names.properties) resources.get('Properties').delete(name);
  for (const name of names.xobjects) resources.get('XObject').delete(name);
}

function joinStreams(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length + 1, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    joined[offset + part.length] = 0x0a;
    offset += part.length + 1;
  }
  return joined;
}

/** The resource names under which hidden optional content is drawn. */
function hiddenNames(resources: mupdf.PDFObject, layers: OptionalContent): HiddenNames {
  const inline = (dictionary: string) => {
    const membership = inlineMembership(dictionary);
    return membership !== undefined && membershipHidden(membership, layers.hidden);
  };
  if (!resources.isDictionary()) return { properties: new Set(), xobjects: new Set(), inline };
  const names = (dictionary: mupdf.PDFObject, hidden: (value: mupdf.PDFObject) => boolean) => {
    const found = new Set<string>();
    if (dictionary.isDictionary()) {
      dictionary.forEach((value, key) => {
        if (hidden(value)) found.add(String(key));
      });
    }
    return found;
  };
  return {
    properties: names(resources.get('Properties'), (value) => isHidden(value, layers)),
    xobjects: names(resources.get('XObject'), (value) => value.isDictionary() && isHidden(value.get('OC'), layers)),
    inline,
  };
}

/**
 * An /OC value that is hidden by default: a hidden layer, or a membership dictionary (OCMD) whose visibility
 * expression or policy over its layers hides it (layer-visibility.ts).
 */
function isHidden(value: mupdf.PDFObject, layers: OptionalContent): boolean {
  if (!value.isDictionary()) return false;
  if (value.isIndirect() && layers.hidden.has(value.asIndirect())) return true;
  const membership = documentMembership(value);
  return membership !== undefined && membershipHidden(membership, layers.hidden);
}

/** The hidden layers out of /OCGs and every configuration's lists (/ON, /OFF, /Order, /Locked, /RBGroups, /AS). */
function pruneLayers(doc: mupdf.PDFDocument, layers: OptionalContent) {
  const properties = doc.getTrailer().get('Root', 'OCProperties');
  if (!properties.isDictionary()) return;
  const prune = (list: mupdf.PDFObject, depth = 0): mupdf.PDFObject => {
    const kept = doc.newArray();
    for (let i = 0; i < list.length; i++) {
      const item = list.get(i);
      if (item.isIndirect() && layers.hidden.has(item.asIndirect())) continue;
      kept.push(item.isArray() && depth < 8 ? prune(item, depth + 1) : item);
    }
    return kept;
  };
  const pruneIn = (holder: mupdf.PDFObject, key: string) => {
    const list = holder.get(key);
    if (list.isArray()) holder.put(key, prune(list));
  };
  pruneIn(properties, 'OCGs');
  const configs = [properties.get('D'), ...arrayItems(properties.get('Configs'))];
  for (const config of configs.filter((item) => item.isDictionary())) {
    for (const key of ['ON', 'OFF', 'Order', 'Locked', 'RBGroups']) pruneIn(config, key);
    for (const usage of arrayItems(config.get('AS'))) if (usage.isDictionary()) pruneIn(usage, 'OCGs');
  }
}

function arrayItems(list: mupdf.PDFObject): mupdf.PDFObject[] {
  return list.isArray() ? Array.from({ length: list.length }, (_, i) => list.get(i)) : [];
}

/** The object numbers a reference or an array of references names. */
function refs(value: mupdf.PDFObject): number[] {
  const items = value.isArray() ? arrayItems(value) : [value];
  return items.filter((item) => item.isIndirect()).map((item) => item.asIndirect());
}
