import type * as mupdf from 'mupdf';
import type { Scrub } from './text-matches.js';

/**
 * Names that other parts of a document refer to, renamed when they hold a redacted string (decision 188): a block
 * in their place could make two names one, so each gets a neutral name of its own. Form fields become `field1`,
 * `field2`... (scripts that name them are changed to match); the keys of the catalogue's name trees (named
 * destinations, attachments, document scripts) become `destination1`, `attachment1`, `script1`... with the links to
 * a renamed destination following it.
 */
export interface RenamedIdentifiers {
  /** Old full field names to new ones, for scripts. */
  fields: Map<string, string>;
  /** Old destination names to new ones, for /D and /Dest. */
  destinations: Map<string, string>;
  /** How many names changed. */
  count: number;
}

const treePrefixes: Readonly<Record<string, string>> = {
  Dests: 'destination',
  EmbeddedFiles: 'attachment',
  JavaScript: 'script',
};

/** A name not yet taken: the prefix and the first free number. */
function freshName(prefix: string, taken: Set<string>): string {
  let n = 1;
  while (taken.has(`${prefix}${n}`)) n++;
  const name = `${prefix}${n}`;
  taken.add(name);
  return name;
}

/** The form's field dictionaries, parents before their kids, each with its parent's index (-1 at the top). */
function fieldTree(fields: mupdf.PDFObject): { node: mupdf.PDFObject; parent: number }[] {
  const nodes: { node: mupdf.PDFObject; parent: number }[] = [];
  const seen = new Set<number>();
  const add = (list: mupdf.PDFObject, parent: number) =>
    list.forEach((node) => {
      if (!node.isDictionary() || (node.isIndirect() && seen.has(node.asIndirect()))) return;
      if (node.isIndirect()) seen.add(node.asIndirect());
      nodes.push({ node, parent });
    });
  add(fields, -1);
  for (let index = 0; index < nodes.length; index++) {
    const kids = nodes[index]!.node.get('Kids');
    if (kids.isArray()) add(kids, index);
  }
  return nodes;
}

const fullName = (parent: string, partial: string) => (parent ? `${parent}.${partial}` : partial);

function renameFields(doc: mupdf.PDFDocument, scrub: Scrub): Map<string, string> {
  const renamed = new Map<string, string>();
  const fields = doc.getTrailer().get('Root', 'AcroForm', 'Fields');
  if (!fields.isArray()) return renamed;
  const nodes = fieldTree(fields);
  const partials = nodes.map(({ node }) => (node.get('T').isString() ? node.get('T').asString() : undefined));
  // A new name never repeats one the form already has.
  const taken = new Set(partials.filter((partial) => partial !== undefined));
  const before: string[] = [];
  const after: string[] = [];
  nodes.forEach(({ node, parent }, index) => {
    const [oldParent, newParent] = parent < 0 ? ['', ''] : [before[parent]!, after[parent]!];
    const partial = partials[index];
    if (partial === undefined) {
      before[index] = oldParent;
      after[index] = newParent;
      return;
    }
    const next = scrub(partial) === undefined ? partial : freshName('field', taken);
    if (next !== partial) node.put('T', doc.newString(next));
    before[index] = fullName(oldParent, partial);
    after[index] = fullName(newParent, next);
    if (before[index] !== after[index]) renamed.set(before[index]!, after[index]!);
  });
  return renamed;
}

/** The key-value pairs of a name tree, through its /Kids. */
function treeEntries(root: mupdf.PDFObject): [string, mupdf.PDFObject][] {
  const entries: [string, mupdf.PDFObject][] = [];
  const seen = new Set<number>();
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!node.isDictionary() || (node.isIndirect() && seen.has(node.asIndirect()))) continue;
    if (node.isIndirect()) seen.add(node.asIndirect());
    const names = node.get('Names');
    if (names.isArray()) {
      for (let i = 0; i + 1 < names.length; i += 2) {
        if (names.get(i).isString()) entries.push([names.get(i).asString(), names.get(i + 1)]);
      }
    }
    node.get('Kids').forEach((kid) => stack.push(kid));
  }
  return entries;
}

/**
 * Renames the keys of a name tree that hold a redacted string. The tree is written again as one sorted /Names
 * array in its root, as readers look keys up by bisection. Answers the old keys with their new ones.
 */
function renameTreeKeys(doc: mupdf.PDFDocument, root: mupdf.PDFObject, prefix: string, scrub: Scrub) {
  const renamed = new Map<string, string>();
  const entries = treeEntries(root);
  const taken = new Set(entries.map(([key]) => key));
  for (const [key] of entries) if (scrub(key) !== undefined) renamed.set(key, freshName(prefix, taken));
  if (renamed.size === 0) return renamed;
  const names = doc.newArray();
  const sorted = entries
    .map(([key, value]): [string, mupdf.PDFObject] => [renamed.get(key) ?? key, value])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, value] of sorted) {
    names.push(doc.newString(key));
    names.push(value);
  }
  root.put('Names', names);
  root.delete('Kids');
  root.delete('Limits');
  return renamed;
}

export function renameIdentifiers(doc: mupdf.PDFDocument, scrub: Scrub): RenamedIdentifiers {
  const fields = renameFields(doc, scrub);
  let destinations = new Map<string, string>();
  let count = fields.size;
  const trees = doc.getTrailer().get('Root', 'Names');
  if (trees.isDictionary()) {
    const keys: string[] = [];
    trees.forEach((_tree, key) => keys.push(String(key)));
    for (const key of keys) {
      const renamed = renameTreeKeys(doc, trees.get(key), treePrefixes[key] ?? 'name', scrub);
      count += renamed.size;
      if (key === 'Dests') destinations = renamed;
    }
  }
  return { fields, destinations, count };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A script with every quoted full name of a renamed field (`getField("name")`) changed to the field's new name. */
export function renameFieldReferences(script: string, fields: ReadonlyMap<string, string>): string {
  let result = script;
  // Longest first, so a parent's name does not change part of a child's.
  for (const [before, after] of [...fields].sort(([a], [b]) => b.length - a.length)) {
    result = result.replace(new RegExp(`(["'])${escapeRegex(before)}\\1`, 'g'), (_whole, quote: string) => {
      return `${quote}${after}${quote}`;
    });
  }
  return result;
}
