import { BULLET, lineText, standsBefore } from '../pdf-to-word/layout-analysis.js';
import type { LayoutLine } from '../pdf-to-word/layout-model.js';
import type { SlideListMarker, SlideText, SlideTextLine } from './slide-model.js';

/**
 * List markers as PowerPoint's own bullets and numbers. A presentation exported to PDF draws each item's bullet or
 * number as text of its own, apart from the item (PowerPoint and LibreOffice both place it in the indent), so the
 * page reading gives a box holding the marker alone beside the item's box. Joined, the item becomes one paragraph
 * whose bullet (`a:buChar`) or automatic number (`a:buAutoNum`, from the number shown) PowerPoint draws in the
 * hanging indent: a list the user can edit, extend and restyle, not a character typed before the text.
 */

/** A bullet alone. */
const BULLET_ALONE = new RegExp(`^${BULLET}$`, 'u');
/** A number, letter or roman numeral with its full stop or bracket(s): `1.`, `2)`, `(3)`, `a.`, `iv)`. */
const NUMBERED = /^(\()?(\d{1,4}|[a-z]|[A-Z]|[ivxlcdm]{1,7}|[IVXLCDM]{1,7})\s?([.)])$/u;

/** The marker a line holding only one stands for, or `undefined`. */
export function listMarker(text: string): SlideListMarker | undefined {
  const marker = text.trim();
  if (BULLET_ALONE.test(marker)) {
    // A symbol font's bullet (its code in the private use area) is drawn as the plain bullet.
    return { kind: 'bullet', char: /[\uf000-\uf0ff]/u.test(marker) ? '•' : marker };
  }
  const numbered = NUMBERED.exec(marker);
  if (!numbered) return undefined;
  const [, open, label = '', close] = numbered;
  if (open && close !== ')') return undefined;
  const suffix = open ? 'ParenBoth' : close === ')' ? 'ParenR' : 'Period';
  if (/^\d+$/.test(label)) return numberMarker(`arabic${suffix}`, Number(label));
  const roman = romanValue(label);
  // A single letter that is also a roman numeral (i, v, x...) shows the same alone either way: roman from i.
  if (roman !== undefined && (label.length > 1 || /^[iI]$/.test(label))) {
    return numberMarker(`roman${label === label.toLowerCase() ? 'Lc' : 'Uc'}${suffix}`, roman);
  }
  if (label.length > 1) return undefined;
  const lower = label.toLowerCase();
  return numberMarker(`alpha${label === lower ? 'Lc' : 'Uc'}${suffix}`, lower.charCodeAt(0) - 96);
}

function numberMarker(scheme: string, startAt: number): SlideListMarker | undefined {
  return startAt >= 1 && startAt <= 9999 ? { kind: 'number', scheme, startAt } : undefined;
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/** The value of a roman numeral written the usual way (`iv`, not `iiii`), or `undefined`. */
function romanValue(label: string): number | undefined {
  const digits = [...label.toLowerCase()].map((char) => ROMAN[char]);
  if (digits.some((digit) => digit === undefined)) return undefined;
  let value = 0;
  digits.forEach((digit, index) => {
    const next = digits[index + 1] ?? 0;
    value += digit! < next ? -digit! : digit!;
  });
  return value > 0 && toRoman(value) === label.toLowerCase() ? value : undefined;
}

function toRoman(value: number): string {
  const steps: [number, string][] = [
    [1000, 'm'],
    [900, 'cm'],
    [500, 'd'],
    [400, 'cd'],
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ];
  let rest = value;
  let written = '';
  for (const [step, letters] of steps) {
    for (; rest >= step; rest -= step) written += letters;
  }
  return written;
}

/** Whether `item` is the line the marker line `marker` stands before (`standsBefore`), read left to right. */
const itemOf = (marker: LayoutLine, item: LayoutLine) =>
  standsBefore(marker, item) && !item.spans.some((span) => span.rightToLeft);

/** The marker a line stands for when it holds only one (and none joined already), else `undefined`. */
const markerOf = (line: SlideTextLine) => (line.marker ? undefined : listMarker(lineText(line)));

/** `item` with the marker line `marker` (reading `list`) before it. */
const marked = (item: SlideTextLine, marker: LayoutLine, list: SlideListMarker): SlideTextLine => ({
  ...item,
  marker: { list, x0: marker.x0 },
});

/**
 * The boxes with each marker line joined to the item it stands before, as that line's marker: a line that is a list
 * marker, and on the same row, less than an inch to its right (`standsBefore`), a line that is not. Within a box
 * first (the page reading may keep the two as lines of one block); then a box of one marker line and the box whose
 * first line it stands before, which takes the marker's left edge and keeps its own place in the drawing order. A
 * marker with no item beside it stays the text it is, and so does a number outside a list's column
 * (`numbersInColumns`).
 */
export function withListMarkers(boxes: readonly SlideText[]): SlideText[] {
  const listed = numbersInColumns(boxes.flatMap((box) => box.lines));
  /** The marker a line joins its item with: a bullet, or a number in a list's column. */
  const joining = (line: SlideTextLine) => {
    const marker = markerOf(line);
    return marker && (marker.kind === 'bullet' || listed.has(line)) ? marker : undefined;
  };
  const inBoxes = boxes.map((box) => ({ ...box, lines: joinedWithin(box.lines, joining) }));
  const markerBoxes = new Map<SlideText, SlideText>();
  for (const box of inBoxes) {
    const only = box.lines.length === 1 ? box.lines[0]! : undefined;
    if (!only || !joining(only)) continue;
    const item = inBoxes
      .filter((each) => each !== box && !markerBoxes.has(each) && !each.lines[0]!.marker && each.x0 > only.x1 - 0.5)
      .filter((each) => itemOf(only, each.lines[0]!) && !(each.lines.length === 1 && markerOf(each.lines[0]!)))
      .sort((a, b) => a.lines[0]!.x0 - b.lines[0]!.x0)[0];
    if (item) markerBoxes.set(item, box);
  }
  return joined(inBoxes, markerBoxes, (box, markerBox) => {
    const marker = markerBox.lines[0]!;
    const [first, ...rest] = box.lines;
    return {
      ...box,
      x0: Math.min(box.x0, markerBox.x0),
      y0: Math.min(box.y0, markerBox.y0),
      y1: Math.max(box.y1, markerBox.y1),
      lines: [marked(first!, marker, joining(marker)!), ...rest],
    };
  });
}

/**
 * The number markers among `lines` that stand in a list's column: with the next number of the same scheme below
 * them, or the previous one above, their left or right edges in line (within a third of a line's height). Exported
 * automatic numbers stand so; numbers a slide shows on their own (a diagram's steps around a circle, a lone label)
 * were typed, and stay text.
 */
function numbersInColumns(lines: readonly SlideTextLine[]): Set<SlideTextLine> {
  const numbers = lines.flatMap((line) => {
    const marker = markerOf(line);
    return marker?.kind === 'number' ? [{ line, marker }] : [];
  });
  const listed = new Set<SlideTextLine>();
  for (const above of numbers) {
    for (const below of numbers) {
      if (below.marker.scheme !== above.marker.scheme || below.marker.startAt !== above.marker.startAt + 1) continue;
      const height = Math.max(above.line.y1 - above.line.y0, below.line.y1 - below.line.y0);
      const inLine = (a: number, b: number) => Math.abs(a - b) <= height / 3;
      const column = inLine(above.line.x0, below.line.x0) || inLine(above.line.x1, below.line.x1);
      if (column && below.line.y0 > above.line.y0 + height / 2) {
        listed.add(above.line);
        listed.add(below.line);
      }
    }
  }
  return listed;
}

/** `units` without the markers of `pairs` (item to marker), each item joined to its marker by `join`. */
function joined<T>(units: readonly T[], pairs: ReadonlyMap<T, T>, join: (item: T, marker: T) => T): T[] {
  const markers = new Set(pairs.values());
  return units
    .filter((unit) => !markers.has(unit))
    .map((unit) => {
      const marker = pairs.get(unit);
      return marker ? join(unit, marker) : unit;
    });
}

/** A box's lines with each marker line (that `joining` reads) joined to the line it stands before, in the box. */
function joinedWithin(
  lines: readonly SlideTextLine[],
  joining: (line: SlideTextLine) => SlideListMarker | undefined,
): SlideTextLine[] {
  const taken = new Map<SlideTextLine, SlideTextLine>();
  for (const line of lines) {
    if (!joining(line)) continue;
    const item = lines
      .filter((each) => each !== line && !taken.has(each) && !markerOf(each) && itemOf(line, each))
      .sort((a, b) => a.x0 - b.x0)[0];
    if (item) taken.set(item, line);
  }
  return joined(lines, taken, (line, marker) => marked(line, marker, joining(marker)!));
}
