import { parsePageRanges } from '@paperknife/catalog/page-ranges';

/**
 * The page picker's model, pure: what a pages field's text selects in a document of known length, the text a
 * selection is written back as, and what a click or a key does to a selection. The field's text is the one
 * source of truth; the grid derives its selection from it and writes a new text when the visitor picks.
 */

/** The pages a text selects, and its ranges in order (split makes one file of each). */
export interface TextSelection {
  pages: ReadonlySet<number>;
  groups: readonly (readonly number[])[];
}

/**
 * The pages `text` selects in a document of `pageCount` pages, or undefined while it is not a valid range (the
 * grid keeps showing the last valid selection; the field's own check reports the problem on send). Pages past
 * the end are left out rather than refused, so typing `1-12` in a 10-page file lights up pages 1-10.
 */
export function selectionFromText(text: string, pageCount: number, blankMeansAll = false): TextSelection | undefined {
  if (text.trim() === '') {
    const every = blankMeansAll ? [Array.from({ length: pageCount }, (_, i) => i + 1)] : [];
    return { pages: new Set(every.flat()), groups: every };
  }
  let spans;
  try {
    spans = parsePageRanges(text);
  } catch {
    return undefined;
  }
  const groups: number[][] = [];
  for (const { from, to } of spans) {
    const last = Math.min(to ?? pageCount, pageCount);
    if (from > last) continue;
    groups.push(Array.from({ length: last - from + 1 }, (_, i) => from + i));
  }
  return { pages: new Set(groups.flat()), groups };
}

/** Consecutive runs of ascending page numbers: [1,2,3,5] -> [[1,2,3],[5]]. */
export function runsOf(pages: Iterable<number>): number[][] {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const page of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1) === page - 1) run.push(page);
    else runs.push([page]);
  }
  return runs;
}

const formatRun = (run: readonly number[]) => (run.length === 1 ? String(run[0]) : `${run[0]}-${run.at(-1)}`);

/** Pages as compact ranges in ascending order: {1,2,3,5,7,8} -> "1-3,5,7-8". */
export function formatPageRanges(pages: Iterable<number>): string {
  return runsOf(pages).map(formatRun).join(',');
}

/**
 * Split's ranges after the visitor picked: each range typed before keeps its own file (the pages unpicked from
 * it leave, cutting it where they were); a newly picked run of pages joins the file it touches (clicking 7
 * after `4-6` gives `4-7`) or else becomes a file of its own. Breaks between touching files come from typing.
 */
export function regroupRanges(before: readonly (readonly number[])[], picked: ReadonlySet<number>): string {
  const files: number[][] = [];
  const known = new Set<number>();
  for (const group of before) {
    for (const page of group) known.add(page);
    files.push(...runsOf(group.filter((page) => picked.has(page))));
  }
  for (const run of runsOf([...picked].filter((page) => !known.has(page)))) {
    const before = files.find((file) => file.at(-1) === run[0]! - 1);
    const after = files.find((file) => file[0] === run.at(-1)! + 1);
    if (before) before.push(...run);
    else if (after) after.unshift(...run);
    else files.push(run);
  }
  files.sort((a, b) => a[0]! - b[0]!);
  return files.map(formatRun).join(',');
}

/** The grid's own state besides the selection: the focused page and where a Shift range starts. */
export interface Cursor {
  /** The page with keyboard focus (1-based). */
  active: number;
  /** Where Shift+click and Shift+arrow ranges start. */
  anchor: number;
}

export interface PickModifiers {
  shift?: boolean;
  /** Ctrl on Windows and Linux, Cmd on macOS: toggle one page, keep the others. */
  toggle?: boolean;
}

const rangeBetween = (a: number, b: number) => {
  const [from, to] = a <= b ? [a, b] : [b, a];
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
};

/**
 * A click on `page`, as file managers do it: a plain click toggles that page (pickers are for several pages, and
 * touch has no modifier keys), Ctrl/Cmd toggles it too, Shift adds the range from the anchor to it.
 */
export function clickPage(
  selected: ReadonlySet<number>,
  cursor: Cursor,
  page: number,
  modifiers: PickModifiers = {},
): { selected: Set<number>; cursor: Cursor } {
  const next = new Set(selected);
  if (modifiers.shift) {
    for (const inRange of rangeBetween(cursor.anchor, page)) next.add(inRange);
    return { selected: next, cursor: { active: page, anchor: cursor.anchor } };
  }
  if (next.has(page)) next.delete(page);
  else next.add(page);
  return { selected: next, cursor: { active: page, anchor: page } };
}

export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';

/**
 * A key as the page order reads it: on a right-to-left page the grid runs from the right, so the left arrow goes
 * to the next page and the right arrow to the previous one.
 */
export function logicalKey(key: string, dir: 'ltr' | 'rtl'): string {
  if (dir === 'ltr') return key;
  return key === 'ArrowLeft' ? 'ArrowRight' : key === 'ArrowRight' ? 'ArrowLeft' : key;
}

/** The page a key moves focus to in a grid of `columns` columns, kept inside the document. */
export function movedPage(page: number, key: GridKey, columns: number, pageCount: number, rowsPerScreen = 3): number {
  const step: Record<GridKey, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -columns,
    ArrowDown: columns,
    PageUp: -columns * rowsPerScreen,
    PageDown: columns * rowsPerScreen,
    Home: -Infinity,
    End: Infinity,
  };
  return Math.min(pageCount, Math.max(1, page + step[key]));
}

/**
 * A focus move by key: plain moves focus only (Space then toggles, as in a multi-select listbox); Shift moves and
 * selects the range from the anchor to the new page, added to what was selected.
 */
export function moveFocus(
  selected: ReadonlySet<number>,
  cursor: Cursor,
  to: number,
  shift: boolean,
): { selected: Set<number>; cursor: Cursor } {
  if (!shift) return { selected: new Set(selected), cursor: { active: to, anchor: to } };
  const next = new Set(selected);
  for (const inRange of rangeBetween(cursor.anchor, to)) next.add(inRange);
  return { selected: next, cursor: { active: to, anchor: cursor.anchor } };
}

/** Every page, for "Select all". */
export function allPages(pageCount: number): Set<number> {
  return new Set(Array.from({ length: pageCount }, (_, i) => i + 1));
}
