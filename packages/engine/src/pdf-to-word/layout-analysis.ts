/**
 * Layout analysis of a PDF page for PDF to Word: the reading order of its lines (columns found per region by
 * cutting along white space, as XY-cut does), tables from drawn rules and from aligned text, list markers joined
 * to their items, and running headers and footers found across pages. Pure functions on boxes, no MuPDF, so the
 * rules can be tested on their own. See docs/decisions/023 and 150.
 */
import type {
  Box,
  LayoutBlock,
  LayoutLine,
  LayoutTableBlock,
  LayoutTableCell,
  LayoutTextBlock,
  PageLayout,
  Span,
} from './layout-model.js';
import { connectedGroups, gridOf, straightRules } from '../tables/ruled-grids.js';
import { cellsCutIntoRows } from '../tables/unmerged-rows.js';
import { centreX, centreY, heightOf, union, widthOf } from '../tables/table-model.js';
import { partitionPoint } from '../sorted-search.js';

/** A drawn horizontal or vertical rule, as a thin box. */
export type Rule = Box;

interface Unit {
  box: Box;
  /** The line, for units of text. */
  line?: LayoutLine;
  /** The block the unit came from. */
  block: LayoutBlock;
}

interface Interval {
  x0: number;
  x1: number;
}

/** A line's text as drawn, its spans joined. */
export const lineText = (line: LayoutLine) => line.spans.map((span) => span.text).join('');

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The characters a list's bullet may be, as a regular expression's character class (flag `u`). Bullets drawn in a
 * symbol font (Word's Symbol and Wingdings bullets) come as their code in the private use area, U+F000-F0FF.
 */
export const BULLET = '[•◦▪▫■□●○◆◇►▶‣⁃∙·*–—\\uf000-\\uf0ff-]';

/**
 * A list marker standing alone on its line: a bullet, a number or letter with its dot or bracket, or a clause's
 * number of several levels ending in its dot ("4.2.1.").
 */
const LIST_MARKER = new RegExp(
  `^\\s*(?:${BULLET}|\\(?\\d{1,3}[.)]|\\d{1,3}(?:\\.\\d{1,3})+\\.|\\(?[a-zA-Z][.)])\\s*$`,
  'u',
);

/** Whether a line's text is a list marker alone (LIST_MARKER). */
export const isListMarker = (text: string) => LIST_MARKER.test(text);

/**
 * Lines holding only a list marker (Word draws the bullet, then a tab, then the item) joined to the line to their
 * right on the same row, so the item reads as one line starting with its marker.
 */
export function joinListMarkers(lines: readonly LayoutLine[]): LayoutLine[] {
  const joined: LayoutLine[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const next = lines[index + 1];
    if (next && standsBefore(line, next) && isListMarker(lineText(line))) {
      const marker = line.spans.map((span) => ({ ...span, text: span.text.trimEnd() }));
      marker[marker.length - 1]!.text += ' ';
      joined.push({ ...union([line, next]), spans: [...marker, ...next.spans] });
      index++;
    } else joined.push(line);
  }
  return joined;
}

/** Whether `item` is on the row of the marker `marker`, starting to its right, less than an inch from it. */
export function standsBefore(marker: Box, item: Box): boolean {
  const overlap = Math.min(marker.y1, item.y1) - Math.max(marker.y0, item.y0);
  return item.x0 > marker.x1 && item.x0 - marker.x1 < 72 && overlap > 0.5 * Math.min(heightOf(marker), heightOf(item));
}

/** Groups of units whose vertical extents overlap (chained), top to bottom. */
function horizontalBands(units: readonly Unit[]): Unit[][] {
  const sorted = [...units].sort((a, b) => a.box.y0 - b.box.y0);
  const bands: Unit[][] = [];
  let bottom = -Infinity;
  for (const unit of sorted) {
    // A quarter of the unit's height may overlap the band without joining it: ascenders and descenders of
    // tightly set lines touch.
    if (bands.length > 0 && unit.box.y0 < bottom - 0.25 * heightOf(unit.box)) {
      bands.at(-1)!.push(unit);
      bottom = Math.max(bottom, unit.box.y1);
    } else {
      bands.push([unit]);
      bottom = unit.box.y1;
    }
  }
  return bands;
}

/** The white intervals of [x0, x1] that no unit of the band covers. */
function whiteIntervals(band: readonly Unit[], x0: number, x1: number): Interval[] {
  const covered = band.map((unit) => ({ x0: unit.box.x0, x1: unit.box.x1 })).sort((a, b) => a.x0 - b.x0);
  const white: Interval[] = [];
  let at = x0;
  for (const span of covered) {
    if (span.x0 > at) white.push({ x0: at, x1: span.x0 });
    at = Math.max(at, span.x1);
  }
  if (x1 > at) white.push({ x0: at, x1 });
  return white;
}

function intersect(a: readonly Interval[], b: readonly Interval[], minWidth: number): Interval[] {
  const result: Interval[] = [];
  for (const first of a) {
    for (const second of b) {
      const x0 = Math.max(first.x0, second.x0);
      const x1 = Math.min(first.x1, second.x1);
      if (x1 - x0 >= minWidth) result.push({ x0, x1 });
    }
  }
  return result;
}

/**
 * Units top to bottom, those of one row left to right. A band can chain lines set one under the other (through a
 * superscript or tight leading), so rows are made again inside it from units that overlap the row's first by half.
 */
function topDown(units: readonly Unit[]): Unit[] {
  return horizontalBands(units).flatMap((band) => {
    const rows: Unit[][] = [];
    for (const unit of [...band].sort((a, b) => a.box.y0 - b.box.y0)) {
      const first = rows.at(-1)?.[0];
      const overlap = first ? Math.min(first.box.y1, unit.box.y1) - Math.max(first.box.y0, unit.box.y0) : 0;
      if (first && overlap > 0.5 * Math.min(heightOf(first.box), heightOf(unit.box))) rows.at(-1)!.push(unit);
      else rows.push([unit]);
    }
    return rows.flatMap((row) => row.sort((a, b) => a.box.x0 - b.box.x0));
  });
}

interface Section {
  bands: Unit[][];
  /** White gaps running through every band of the section with text on both sides: column gutters. */
  gutters: Interval[];
}

/**
 * Consecutive bands grouped while a white gap runs through all of them: a full-width title ends a run of two
 * columns, and the columns under it start a new one.
 */
function sections(bands: readonly Unit[][], x0: number, x1: number, minGutter: number, lineHeight: number): Section[] {
  const result: Section[] = [];
  // Each band's extent once: a section grows band by band, and its extent so far grows with it (not made again
  // from all its bands at each step, which made long pages quadratic).
  const extents = bands.map((band) => union(band.map((unit) => unit.box)));
  const inside = (gaps: readonly Interval[], box: Box) =>
    gaps.some((gap) => gap.x0 > box.x0 + 0.5 && gap.x1 < box.x1 - 0.5);
  for (let start = 0; start < bands.length;) {
    let white = whiteIntervals(bands[start]!, x0, x1).filter((gap) => gap.x1 - gap.x0 >= minGutter);
    let extentSoFar = extents[start]!;
    let end = start + 1;
    while (end < bands.length) {
      const band = bands[end]!;
      const next = intersect(white, whiteIntervals(band, x0, x1), minGutter);
      if (next.length === 0) break;
      // Lines with text on both sides of a gap after lines without (a centred title, its author and date) start
      // the columns: the margins beside a centred line are no gutter.
      const extent = extents[end]!;
      const bandGaps = whiteIntervals(band, extent.x0, extent.x1).filter((gap) => gap.x1 - gap.x0 >= minGutter);
      if (!inside(white, extentSoFar) && inside(bandGaps, extent)) break;
      // A line at the left edge and left of the gutters only, well below the rows above it, starts something new
      // (a footnote under two columns) rather than continuing the first column.
      const leftOnly = next.every((gap) => extent.x1 <= gap.x0 + 0.5);
      const above = extents[end - 1]!.y1;
      if (leftOnly && extent.x0 <= extentSoFar.x0 + 2 && extent.y0 - above > 2 * lineHeight) break;
      white = next;
      extentSoFar = union([extentSoFar, extent]);
      end++;
    }
    const members = bands.slice(start, end);
    const extent = extentSoFar;
    const gutters = white.filter((gap) => gap.x0 > extent.x0 + 0.5 && gap.x1 < extent.x1 - 0.5);
    result.push({ bands: members, gutters });
    start = end;
  }
  return result;
}

function splitByGutters(units: readonly Unit[], gutters: readonly Interval[]): Unit[][] {
  const columns: Unit[][] = Array.from({ length: gutters.length + 1 }, () => []);
  for (const unit of units) {
    const column = gutters.filter((gutter) => centreX(unit.box) > gutter.x1).length;
    columns[column]!.push(unit);
  }
  return columns.filter((column) => column.length > 0);
}

/**
 * Whether the columns of a section hold running text rather than the cells of a table: two wide columns, or
 * columns that are each wide and mostly filled by their lines. Label and value pairs, figures in rows and the
 * like are cells.
 */
function isTextColumns(columns: readonly Unit[][], section: Box): boolean {
  // Two wide columns are text even when their lines are short (an index, a list of references).
  const wide = (column: readonly Unit[]) => widthOf(union(column.map((unit) => unit.box))) >= 0.3 * widthOf(section);
  if (columns.length === 2 && columns.every(wide)) return true;
  return columns.every((column) => {
    const extent = union(column.map((unit) => unit.box));
    const width = widthOf(extent);
    if (width < Math.max(72, 0.2 * widthOf(section))) return false;
    const lines = column.filter((unit) => unit.line);
    if (lines.length === 0) return true;
    return median(lines.map((unit) => widthOf(unit.box))) >= 0.6 * width;
  });
}

/** A table whose rows are the section's bands and whose columns are split at its gutters. */
function alignedTable(section: Section): LayoutTableBlock {
  const units = section.bands.flat();
  const box = union(units.map((unit) => unit.box));
  const columns = [box.x0, ...section.gutters.map((gutter) => (gutter.x0 + gutter.x1) / 2), box.x1];
  const rows = [box.y0];
  section.bands.forEach((band, index) => {
    const next = section.bands[index + 1];
    const bottom = Math.max(...band.map((unit) => unit.box.y1));
    rows.push(next ? (bottom + Math.min(...next.map((unit) => unit.box.y0))) / 2 : box.y1);
  });
  const cells: LayoutTableCell[] = [];
  section.bands.forEach((band, row) => {
    for (let column = 0; column < columns.length - 1; column++) {
      const lines = band
        .filter((unit) => {
          const x = centreX(unit.box);
          return x >= columns[column]! && x <= columns[column + 1]!;
        })
        .map((unit) => unit.line!);
      cells.push({ row, column, rowSpan: 1, columnSpan: 1, lines });
    }
  });
  return { kind: 'table', ...box, columns, rows, cells, foundBy: 'aligned text' };
}

interface Ordered {
  /** Runs of units read one after the other: each run is one column's part of a region. */
  runs: Unit[][];
}

/** Reading order of units in a region: sections top to bottom, the columns of each left to right, recursively. */
function order(units: readonly Unit[], minGutter: number, lineHeight: number, result: Ordered): void {
  if (units.length <= 1) {
    if (units.length === 1) result.runs.push([...units]);
    return;
  }
  const extent = union(units.map((unit) => unit.box));
  const bands = horizontalBands(units);
  for (const section of sections(bands, extent.x0, extent.x1, minGutter, lineHeight)) {
    const members = section.bands.flat();
    const columns = splitByGutters(members, section.gutters);
    // Columns hold text: pictures side by side over a caption are a row of pictures, read before the caption.
    if (columns.filter((column) => column.some((unit) => unit.line)).length < 2) {
      result.runs.push(topDown(members));
      continue;
    }
    const box = union(members.map((unit) => unit.box));
    const onlyText = members.every((unit) => unit.line);
    if (
      onlyText &&
      section.bands.length >= 2 &&
      !isTextColumns(columns, box) &&
      section.bands.filter((band) => new Set(band.map((unit) => splitIndex(unit, section.gutters))).size > 1).length >=
        2
    ) {
      const table = alignedTable(section);
      result.runs.push([{ box: table, block: table }]);
      continue;
    }
    for (const column of columns) order(column, minGutter, lineHeight, result);
  }
}

const splitIndex = (unit: Unit, gutters: readonly Interval[]) =>
  gutters.filter((gutter) => centreX(unit.box) > gutter.x1).length;

/** The blocks with the lines `taken` out of their text blocks: a block left with none goes, the others shrink. */
export function withoutLines(blocks: readonly LayoutBlock[], taken: ReadonlySet<LayoutLine>): LayoutBlock[] {
  return blocks.flatMap((block): LayoutBlock[] => {
    if (block.kind !== 'text') return [block];
    const lines = block.lines.filter((line) => !taken.has(line));
    if (lines.length === block.lines.length) return [block];
    return lines.length > 0 ? [{ ...block, ...union(lines), lines }] : [];
  });
}

/**
 * Lines drawn over others with the same text: a PDF that draws words twice at one place (a shadow, a bold made by
 * drawing again, a link's text drawn again over it) gives MuPDF a second line for the copy, which a viewer shows as
 * one. A line whose text is part of another line's, whose box lies within that line's (by a quarter of its height)
 * and stands about where that part of the line's text is drawn, is such a copy; of two alike, the later one. Where
 * the part is drawn is estimated from its place among the line's characters, within a tenth of the line's width;
 * boxes are taken without the blanks at their ends. A single character is never taken for a copy: a word set
 * letter by letter down a slide crosses lines holding the same letters, near enough where they are. A copy that
 * straddles two lines is `overprintedStarts`'.
 */
export function overprintedLines(lines: readonly LayoutLine[]): Set<LayoutLine> {
  const inked = new Map(lines.map((line) => [line, inkedLine(line)]));
  const order = new Map(lines.map((line, index) => [line, index]));
  const byTop = [...lines].sort((a, b) => a.y0 - b.y0);
  const tallest = lines.reduce((most, line) => Math.max(most, heightOf(line)), 0);
  const copies = new Set<LayoutLine>();
  for (const line of lines) {
    const { text, box } = inked.get(line)!;
    if (text.replace(/\s/g, '').length < 2) continue;
    const slack = heightOf(line) / 4;
    // The lines starting high enough to reach down to this one's foot, and no lower than its top.
    let at = firstAtOrBelow(byTop, line.y1 - slack - tallest);
    for (; at < byTop.length && byTop[at]!.y0 <= line.y0 + slack; at++) {
      const other = byTop[at]!;
      if (other === line || copies.has(other)) continue;
      const { text: otherText, box: otherBox } = inked.get(other)!;
      const within = other.y1 >= line.y1 - slack && otherBox.x0 <= box.x0 + slack && otherBox.x1 >= box.x1 - slack;
      const longer = otherText.length > text.length || order.get(other)! < order.get(line)!;
      if (within && longer && drawnWhereItsPartIs(box, text, otherBox, otherText, slack)) {
        copies.add(line);
        break;
      }
    }
  }
  return copies;
}

/**
 * Lines that begin with words drawn again over the end of the line before them in the same row: a copy that
 * straddles two lines, which MuPDF reads as lines overlapping by those words ("tools that process ODF or check",
 * then "ODF or check ODF conformance."). The words the line's start repeats of the other's end, whole words and at
 * least two characters, drawn about where that end is (within a quarter of the line's height and a tenth of its
 * width, estimated from their place among the line's characters), are taken off the start of the line: its spans
 * lose them and its box starts where they end. Changes the lines in place; returns those it changed.
 */
export function overprintedStarts(lines: readonly LayoutLine[]): Set<LayoutLine> {
  const inked = new Map(lines.map((line) => [line, inkedLine(line)]));
  const byTop = [...lines].sort((a, b) => a.y0 - b.y0);
  const trimmed = new Set<LayoutLine>();
  for (const line of lines) {
    const { text, box } = inked.get(line)!;
    if (!text.includes(' ')) continue; // one word: nothing left once a repeated start goes
    const slack = heightOf(line) / 4;
    const perCharacter = widthOf(box) / text.length;
    for (let at = firstAtOrBelow(byTop, line.y0 - slack); at < byTop.length && byTop[at]!.y0 <= line.y0 + slack; at++) {
      const before = byTop[at]!;
      const { text: beforeText, box: beforeBox } = inked.get(before)!;
      // In the same row, starting first, overlapping by more than the slack, and ending first.
      if (before === line || beforeBox.x0 >= box.x0 || Math.abs(before.y1 - line.y1) > slack) continue;
      if (beforeBox.x1 - box.x0 <= slack || box.x1 <= beforeBox.x1 + slack) continue;
      const cut = repeatedStart(
        beforeText,
        text,
        (end) => Math.abs(box.x0 + end * perCharacter - beforeBox.x1) <= slack + widthOf(box) / 10,
      );
      if (cut === 0) continue;
      const words = text.slice(0, cut).split(' ').length;
      const repeated = new RegExp(`^\\s*(?:\\S+\\s+){${words}}`).exec(lineText(line))?.[0].length ?? 0;
      dropLeadingCharacters(line, repeated);
      line.x0 = box.x0 + (cut + 1) * perCharacter;
      inked.set(line, inkedLine(line));
      trimmed.add(line);
      break;
    }
  }
  return trimmed;
}

/**
 * Where the longest start of `text` ends that is whole words, at least two characters, and that `before` ends with
 * as whole words, of those `drawnThere` accepts (given that end); 0 for none. Both texts have single blanks.
 */
function repeatedStart(before: string, text: string, drawnThere: (cut: number) => boolean): number {
  for (let cut = text.lastIndexOf(' '); cut >= 2; cut = text.lastIndexOf(' ', cut - 1)) {
    const start = text.slice(0, cut);
    const at = before.length - start.length;
    if (at >= 0 && before.endsWith(start) && (at === 0 || before[at - 1] === ' ') && drawnThere(cut)) {
      return cut;
    }
  }
  return 0;
}

/** Takes the first `count` characters off a line's spans, and the blanks after them; spans left empty go. */
function dropLeadingCharacters(line: LayoutLine, count: number): void {
  let left = count;
  const spans: Span[] = [];
  for (const span of line.spans) {
    const cut = Math.min(left, span.text.length);
    left -= cut;
    const rest = span.text.slice(cut);
    const text = spans.length === 0 ? rest.trimStart() : rest;
    if (text !== '') spans.push(text === span.text ? span : { ...span, text });
  }
  line.spans = spans;
}

/**
 * A line's text with its blanks run together and trimmed, and its box without the blanks at its ends (their width
 * estimated from the line's characters, taken as evenly wide).
 */
function inkedLine(line: LayoutLine): { text: string; box: Box } {
  const raw = lineText(line);
  const perCharacter = raw.length > 0 ? widthOf(line) / raw.length : 0;
  const leading = raw.length - raw.trimStart().length;
  const trailing = raw.length - raw.trimEnd().length;
  const box = { ...line, x0: line.x0 + leading * perCharacter, x1: line.x1 - trailing * perCharacter };
  return { text: raw.replace(/\s+/g, ' ').trim(), box };
}

/**
 * Whether `text`, found in `otherText`, is drawn in `box` about where `other` draws it: some place of it among
 * `otherText`'s characters, taken as evenly wide, puts it within `slack` and a tenth of `other`'s width of `box`.
 */
function drawnWhereItsPartIs(box: Box, text: string, other: Box, otherText: string, slack: number): boolean {
  const perCharacter = widthOf(other) / otherText.length;
  const tolerance = slack + widthOf(other) / 10;
  for (let at = otherText.indexOf(text); at >= 0; at = otherText.indexOf(text, at + 1)) {
    const start = other.x0 + at * perCharacter;
    const end = start + text.length * perCharacter;
    if (Math.abs(box.x0 - start) <= tolerance && Math.abs(box.x1 - end) <= tolerance) return true;
  }
  return false;
}

/** The index of the first line (of lines sorted by top) whose top is at or below `y`. */
function firstAtOrBelow(byTop: readonly LayoutLine[], y: number): number {
  return partitionPoint(byTop, (line) => line.y0 < y);
}

/**
 * The blocks of a page in reading order. Text blocks are taken apart into lines and put together again per column
 * run, so lines MuPDF joined across columns or listed row by row read column by column; pictures and tables take
 * their place among them; text aligned in columns of cells becomes a table.
 */
export function readingOrder(blocks: readonly LayoutBlock[]): LayoutBlock[] {
  const units: Unit[] = [];
  for (const block of blocks) {
    // A framed block (framed-text.ts) is read as one, where it stands; other blocks' lines find their own places.
    if (block.kind === 'text' && block.framed) units.push({ box: block, block });
    else if (block.kind === 'text') {
      for (const line of joinListMarkers(block.lines)) units.push({ box: line, line, block });
    }
  }
  // Pictures under text (backgrounds, watermarks) would tie every line into one row: they are placed afterwards.
  const behindText: LayoutBlock[] = [];
  for (const block of blocks) {
    if (block.kind === 'text') continue;
    const covered = units.some((unit) => overlapArea(unit.box, block) > 0.5 * area(unit.box));
    if (block.kind === 'image' && covered) behindText.push(block);
    else units.push({ box: block, block });
  }
  const lineHeights = units.filter((unit) => unit.line).map((unit) => heightOf(unit.box));
  const lineHeight = median(lineHeights);
  const minGutter = Math.min(12, Math.max(5, 0.6 * lineHeight));
  const ordered: Ordered = { runs: [] };
  order(units, minGutter, lineHeight, ordered);

  // Lines read in a row that came from one block and go down the page stay one block, so its paragraphs are made
  // as before; a column change (going back up) or another block starts a new one.
  const result: LayoutBlock[] = [];
  let group: Unit[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const source = group[0]!.block as LayoutTextBlock;
    const lines = group.map((unit) => unit.line!);
    const unchanged =
      lines.length === source.lines.length && lines.every((line, index) => line === source.lines[index]);
    result.push(unchanged ? source : { kind: 'text', ...union(lines), lines });
    group = [];
  };
  for (const unit of ordered.runs.flat()) {
    if (!unit.line) {
      flush();
      result.push(unit.block);
      continue;
    }
    const previous = group.at(-1);
    // Pieces of one line that MuPDF split at a wide space (justified text, two spaces after a full stop) are
    // one line again.
    if (previous?.line && sameRow(previous.box, unit.box) && unit.box.x0 >= previous.box.x1 - 1) {
      const gap = unit.box.x0 - previous.box.x1;
      if (gap < 3 * heightOf(unit.box)) {
        const line: LayoutLine = {
          ...union([previous.box, unit.box]),
          spans: [...previous.line.spans, { ...unit.line.spans[0]!, text: ' ' }, ...unit.line.spans],
        };
        group[group.length - 1] = { box: line, line, block: previous.block };
        continue;
      }
    }
    if (previous && (previous.block !== unit.block || unit.box.y0 < previous.box.y0 - 1)) flush();
    group.push(unit);
  }
  flush();
  for (const image of behindText) {
    const below = (block: LayoutBlock) => block.kind !== 'image' && block.y0 >= image.y0;
    let at = result.findIndex((block) => below(block) && overlapsHorizontally(block, image));
    if (at < 0) at = result.findIndex(below);
    result.splice(at < 0 ? result.length : at, 0, image);
  }
  return result;
}

const sameRow = (a: Box, b: Box) =>
  Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5 * Math.min(heightOf(a), heightOf(b));
const area = (box: Box) => Math.max(0, widthOf(box)) * Math.max(0, heightOf(box));
const overlapArea = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
const overlapsHorizontally = (a: Box, b: Box) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0;

/** Pages drawing more rules than this are drawings (maps, charts, hatching), not tables. */
const MAX_RULES = 1500;

/**
 * Tables drawn with rules (tables/ruled-grids.ts): rules that meet form a grid; its rows and columns are where the
 * horizontal and vertical rules run, and two grid cells with no rule between them are one merged cell. A lone
 * framed box is not a table.
 */
export function ruledTables(rules: readonly Rule[]): LayoutTableBlock[] {
  const straight = straightRules(rules);
  if (straight.length < 4 || straight.length > MAX_RULES) return [];
  return connectedGroups(straight).flatMap((group): LayoutTableBlock[] => {
    const grid = gridOf(group, 1);
    if (!grid) return [];
    const { x0, y0, x1, y1, columns, rows } = grid;
    const cells: LayoutTableCell[] = grid.cells.map((cell) => ({ ...cell, lines: [] }));
    return [{ kind: 'table', x0, y0, x1, y1, columns, rows, cells, foundBy: 'rules' }];
  });
}

/**
 * The tables with text in at least a quarter of their cells: a grid of rules around nothing is a chart's grid or
 * a drawing, not a table.
 */
export function tablesWithText(tables: readonly LayoutTableBlock[], lines: readonly LayoutLine[]): LayoutTableBlock[] {
  return tables.filter((table) => {
    const filled = table.cells.filter((cell) => {
      const box: Box = {
        x0: table.columns[cell.column]!,
        x1: table.columns[cell.column + cell.columnSpan]!,
        y0: table.rows[cell.row]!,
        y1: table.rows[cell.row + cell.rowSpan]!,
      };
      return lines.some((line) => contains(box, line));
    });
    return filled.length >= 0.25 * table.cells.length;
  });
}

/**
 * The page's blocks with the text inside each ruled table moved into its cells (by the middle of each line) and
 * the table put in as a block of its own. A line that runs out of the table's sides is not a cell's: a cell's text
 * stays within its rules, where a note or caption laid over the table's edge (a slide's source line under a table
 * drawn over it) does not; it stays text, in its own place.
 */
export function placeTables(blocks: readonly LayoutBlock[], tables: readonly LayoutTableBlock[]): LayoutBlock[] {
  if (tables.length === 0) return [...blocks];
  const tableOf = (line: Box) =>
    tables.find((table) => {
      const overhang = Math.max(2, 0.5 * heightOf(line));
      return (
        centreX(line) > table.x0 &&
        centreX(line) < table.x1 &&
        centreY(line) > table.y0 &&
        centreY(line) < table.y1 &&
        line.x0 > table.x0 - overhang &&
        line.x1 < table.x1 + overhang
      );
    });
  const result: LayoutBlock[] = [];
  for (const block of blocks) {
    if (block.kind !== 'text') {
      result.push(block);
      continue;
    }
    const kept: LayoutLine[] = [];
    for (const line of block.lines) {
      const table = tableOf(line);
      if (!table) {
        kept.push(line);
        continue;
      }
      const row = table.rows.findIndex((_, index) => centreY(line) < table.rows[index + 1]!);
      const column = table.columns.findIndex((_, index) => centreX(line) < table.columns[index + 1]!);
      const cell = table.cells.find(
        (each) =>
          row >= each.row &&
          row < each.row + each.rowSpan &&
          column >= each.column &&
          column < each.column + each.columnSpan,
      );
      cell?.lines.push(line);
    }
    if (kept.length === block.lines.length) result.push(block);
    else if (kept.length > 0) result.push({ kind: 'text', ...union(kept), lines: kept });
  }
  return [...result, ...tables.map(withRowsUnmerged)];
}

/** A ruled table with its merged cells cut where their text stands in rows of its own (tables/unmerged-rows.ts). */
function withRowsUnmerged(table: LayoutTableBlock): LayoutTableBlock {
  const cells = cellsCutIntoRows(
    table.rows,
    table.cells,
    (cell) => cell.lines,
    (cell, { row, rowSpan, lines, openAbove, openBelow }): LayoutTableCell => ({
      ...cell,
      row,
      rowSpan,
      lines,
      ...(openAbove || openBelow ? { open: { above: openAbove, below: openBelow } } : {}),
    }),
  );
  return { ...table, cells };
}

/** Text of a running header or footer line with its numbers stood in for, to compare across pages. */
const runningKey = (line: LayoutLine) => lineText(line).replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();

/** Running headers and footers lie within this share of the page height from its top or bottom edge. */
const RUNNING_ZONE = 0.18;
/** Where the same line sits on different pages, give or take this (points). */
const RUNNING_TOLERANCE = 4;

export interface RunningLines {
  /** Per page, the lines of its running header, top to bottom. */
  headers: LayoutLine[][];
  footers: LayoutLine[][];
}

/** The lines of a page that overlap in height (a row), top to bottom. */
function rowsOf(lines: readonly LayoutLine[]): LayoutLine[][] {
  const rows: LayoutLine[][] = [];
  let bottom = -Infinity;
  for (const line of [...lines].sort((a, b) => a.y0 - b.y0)) {
    const row = rows.at(-1);
    if (row && line.y0 < bottom - 0.25 * heightOf(line)) {
      row.push(line);
      bottom = Math.max(bottom, line.y1);
    } else {
      rows.push([line]);
      bottom = line.y1;
    }
  }
  return rows;
}

/** The largest size a line's text is set in; whether all of it is bold. */
const lineSize = (line: LayoutLine) => Math.max(...line.spans.map((span) => span.size));
const lineBold = (line: LayoutLine) => line.spans.every((span) => span.bold || span.text.trim() === '');

/** One page as the running lines are looked for on it: its text lines in rows, and its tables. */
interface RunningPage {
  height: number;
  rows: LayoutLine[][];
  /** A row with a table between it and the page's edge is not the outermost one. */
  tables: Box[];
}

/**
 * The outermost row of a page's top (or bottom) that still holds lines not taken, rows of taken lines passed over,
 * and the row after it towards the middle of the page; undefined when that row is not within the running zone or
 * a table reaches beyond it.
 */
function outerRow(
  page: RunningPage,
  top: boolean,
  running: ReadonlySet<LayoutLine>,
): { lines: LayoutLine[]; next: LayoutLine[] | undefined; after: LayoutLine[] | undefined } | undefined {
  const rows = top ? page.rows : [...page.rows].reverse();
  const at = rows.findIndex((row) => row.some((line) => !running.has(line)));
  if (at < 0) return undefined;
  const lines = rows[at]!.filter((line) => !running.has(line));
  const box = union(lines);
  const inZone = top ? box.y1 <= RUNNING_ZONE * page.height : box.y0 >= (1 - RUNNING_ZONE) * page.height;
  const beyondTable = page.tables.some((table) => (top ? table.y0 < box.y0 : table.y1 > box.y1));
  if (!inZone || beyondTable) return undefined;
  return { lines, next: rows[at + 1], after: rows[at + 2] };
}

/** The white between a row and the next one towards the middle of the page, in points. */
function whiteAfter(lines: readonly LayoutLine[], next: readonly LayoutLine[], top: boolean): number {
  const box = union(lines);
  const other = union(next);
  return top ? other.y0 - box.y1 : box.y0 - other.y1;
}

/** The white between a row and the next one towards the middle of the page, in heights of the row. */
function gapAfter(lines: readonly LayoutLine[], next: readonly LayoutLine[] | undefined, top: boolean): number {
  return next ? whiteAfter(lines, next, top) / heightOf(union(lines)) : 0;
}

/**
 * Lines repeated near the top or the bottom of the pages (the same text, or the same text with another number, at
 * the same height) are running headers and footers: taken out of the pages' blocks and given back per page.
 * A line counts when it repeats on at least two pages and on at least 40 % of them (of the odd or the even pages
 * when it is on pages of one kind only: headers that alternate), and as often on pages that have other text (a
 * page holding one short paragraph has no running header). Then, on pages where such lines were found elsewhere:
 * a page's outermost line at the height and size of running lines there, set apart from the body, runs too (a
 * chapter's title over its pages, another first page's header). And where no line repeats at all (two pages, each
 * with its own header): the outermost line of every page, at one height and in one style on all of them, no
 * heading, set apart from the body by a line's height or more and by half as much again as the body's lines are.
 */
export function takeRunningLines(pages: PageLayout[]): RunningLines {
  const headers: LayoutLine[][] = pages.map(() => []);
  const footers: LayoutLine[][] = pages.map(() => []);
  if (pages.length < 2) return { headers, footers };
  const running = new Set<LayoutLine>();
  const take = (page: number, line: LayoutLine, top: boolean) => {
    running.add(line);
    (top ? headers : footers)[page]!.push(line);
  };
  const pagesOfLines = pages.map((page): RunningPage => ({
    height: page.height,
    rows: rowsOf(page.blocks.flatMap((block) => (block.kind === 'text' ? block.lines : []))),
    tables: page.blocks.filter((block) => block.kind === 'table'),
  }));

  const rows = pagesOfLines.map((page) => page.rows);
  for (const group of repeatedLines(pages, rows)) for (const { page, line, top } of group) take(page, line, top);

  // Slots: where running lines were found, at the top and at the bottom, by height and size.
  for (const top of [true, false]) {
    const slots = new Map<string, LayoutLine>();
    for (const line of (top ? headers : footers).flat()) {
      slots.set(`${Math.round(line.y0)}/${Math.round(line.y1)}/${lineSize(line)}`, line);
    }
    if (slots.size === 0) continue;
    const slotLines = [...slots.values()];
    const inSlot = (line: LayoutLine) =>
      slotLines.some(
        (slot) =>
          Math.abs(slot.y0 - line.y0) <= RUNNING_TOLERANCE &&
          Math.abs(slot.y1 - line.y1) <= RUNNING_TOLERANCE &&
          Math.abs(lineSize(slot) - lineSize(line)) <= 0.5,
      );
    pagesOfLines.forEach((page, index) => {
      const outer = outerRow(page, top, running);
      if (!outer || !outer.lines.every(inSlot) || gapAfter(outer.lines, outer.next, top) < 0.5) return;
      for (const line of outer.lines) take(index, line, top);
    });
  }

  // No line repeats at the top (or the bottom): the outermost lines of all pages, when they look alike.
  const withText = pagesOfLines.map((_, index) => index).filter((index) => pagesOfLines[index]!.rows.length > 0);
  const body = bodySize(pages);
  for (const top of [true, false]) {
    if ((top ? headers : footers).some((lines) => lines.length > 0) || withText.length < 2) continue;
    const outers = withText.map((index) => outerRow(pagesOfLines[index]!, top, running));
    const style = (line: LayoutLine) => {
      const span = line.spans[0]!;
      return `${span.font}/${lineSize(line)}/${lineBold(line)}/${span.italic}`;
    };
    const first = outers[0]?.lines[0];
    const alike = outers.every(
      (outer) =>
        outer !== undefined &&
        outer.lines.every((line) => style(line) === style(first!)) &&
        Math.abs(outer.lines[0]!.y0 - first!.y0) <= RUNNING_TOLERANCE &&
        Math.abs(outer.lines[0]!.y1 - first!.y1) <= RUNNING_TOLERANCE &&
        gapAfter(outer.lines, outer.next, top) >= 1 &&
        // Wider than the body's own spacing: double-spaced text has a line's height between all its lines.
        (!outer.after || whiteAfter(outer.lines, outer.next!, top) >= 1.5 * whiteAfter(outer.next!, outer.after, top)),
    );
    const heading =
      first !== undefined && (lineSize(first) >= body + 1.5 || (lineBold(first) && lineSize(first) >= body - 0.5));
    if (!alike || heading) continue;
    outers.forEach((outer, at) => {
      for (const line of outer!.lines) take(withText[at]!, line, top);
    });
  }

  if (running.size === 0) return { headers, footers };
  for (const page of pages) page.blocks = withoutLines(page.blocks, running);
  const byPosition = (a: LayoutLine, b: LayoutLine) => a.y0 - b.y0 || a.x0 - b.x0;
  headers.forEach((lines) => lines.sort(byPosition));
  footers.forEach((lines) => lines.sort(byPosition));
  return { headers, footers };
}

/**
 * The number each page prints in its running header or footer, where it counts on with the pages: a number that
 * differs from the page's place by as much as a number on a page one or two away does (a number on the outer side
 * alternates between header and footer rows of its own). Undefined where none does: no number, roman numerals.
 */
export function printedPageNumbers(
  headers: readonly LayoutLine[][],
  footers: readonly LayoutLine[][],
): (number | undefined)[] {
  const numbers = headers.map((lines, index) =>
    [...lines, ...footers[index]!].flatMap((line) => (lineText(line).match(/\d{1,6}/g) ?? []).map(Number)),
  );
  const offsets = numbers.map((list, index) => new Set(list.map((number) => number - index)));
  return numbers.map((list, index) =>
    list.find((number) =>
      [index - 2, index - 1, index + 1, index + 2].some((other) => offsets[other]?.has(number - index)),
    ),
  );
}

/** The size most characters of the pages' text are set in. */
export function bodySize(pages: readonly PageLayout[]): number {
  const characters = new Map<number, number>();
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.kind !== 'text') continue;
      for (const line of block.lines) {
        for (const span of line.spans) characters.set(span.size, (characters.get(span.size) ?? 0) + span.text.length);
      }
    }
  }
  return [...characters.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

interface RunningCandidate {
  page: number;
  line: LayoutLine;
  top: boolean;
}

/**
 * Lines at the top or the bottom of the pages whose text, numbers stood in for, repeats at one height on enough
 * pages that have other text (takeRunningLines says how many), grouped by text and height.
 */
function repeatedLines(pages: readonly PageLayout[], pageRows: readonly LayoutLine[][][]): RunningCandidate[][] {
  const candidates = new Map<string, RunningCandidate[]>();
  pages.forEach((page, index) => {
    for (const block of page.blocks) {
      if (block.kind !== 'text') continue;
      for (const line of block.lines) {
        const top = line.y1 <= RUNNING_ZONE * page.height;
        const bottom = line.y0 >= (1 - RUNNING_ZONE) * page.height;
        const key = runningKey(line);
        if ((!top && !bottom) || key === '') continue;
        const list = candidates.get(key) ?? [];
        list.push({ page: index, line, top });
        candidates.set(key, list);
      }
    }
  });
  // Enough pages: 40 % of the pages, or of the odd or the even pages for a line on pages of one kind only.
  const needed = (onPages: ReadonlySet<number>) => {
    const parities = new Set([...onPages].map((page) => page % 2));
    const of = parities.size === 1 ? Math.ceil((pages.length - [...parities][0]!) / 2) : pages.length;
    return Math.max(2, Math.ceil(0.4 * of));
  };
  const enough = (group: readonly RunningCandidate[]) => {
    const onPages = new Set(group.map((candidate) => candidate.page));
    return onPages.size >= needed(onPages);
  };
  const groups: RunningCandidate[][] = [];
  for (const list of candidates.values()) {
    // Clustered by height on the page: a repeated line elsewhere (a table heading) is not a running one.
    const byHeight = new Map<number, RunningCandidate[]>();
    for (const candidate of list) {
      const at = [...byHeight.keys()].find((y) => Math.abs(y - candidate.line.y0) <= RUNNING_TOLERANCE);
      const key = at ?? candidate.line.y0;
      byHeight.set(key, [...(byHeight.get(key) ?? []), candidate]);
    }
    for (const group of byHeight.values()) if (enough(group)) groups.push(group);
  }
  // A running line lies outside the body: between it and the page's edge there are only other repeated lines (a
  // line of the body that happens to repeat, low on two pages, has body text under it).
  const outer = new Set<LayoutLine>();
  let repeated = new Set(groups.flat().map((candidate) => candidate.line));
  for (const rows of pageRows) {
    for (const fromEdge of [rows, [...rows].reverse()]) {
      for (const row of fromEdge) {
        const lines = row.filter((line) => repeated.has(line));
        for (const line of lines) outer.add(line);
        if (lines.length < row.length) break;
      }
    }
  }
  const outerGroups = groups.map((group) => group.filter((candidate) => outer.has(candidate.line))).filter(enough);
  // A line only runs over a body: pages with no other text (one short paragraph a page) have no running lines. A
  // table with text is a body, and so is a picture between the running zones (a page that is all table or figure).
  repeated = new Set(outerGroups.flat().map((candidate) => candidate.line));
  const withBody = new Set<number>();
  pages.forEach((page, index) => {
    const body = page.blocks.some((block) => {
      if (block.kind === 'text') return block.lines.some((line) => !repeated.has(line));
      if (block.kind === 'table') return block.cells.some((cell) => cell.lines.length > 0);
      return block.y1 > RUNNING_ZONE * page.height && block.y0 < (1 - RUNNING_ZONE) * page.height;
    });
    if (body) withBody.add(index);
  });
  return outerGroups.filter((group) => enough(group.filter((candidate) => withBody.has(candidate.page))));
}

/** Drawings smaller than this (points, each way) are icons and rules, not figures. */
const MIN_DRAWING_SIDE = 36;
/** Shapes closer than this (points) belong to one drawing. */
const DRAWING_GAP = 6;
/** Labels this close to a drawing's shapes (points) are part of it. */
const LABEL_REACH = 12;
/** A drawing is made of at least this many shapes: fewer are a box or a line around text. */
const MIN_DRAWING_SHAPES = 4;
/**
 * A drawing's figure (its bars, slices, curves: shapes other than rules, with no text on them) covers at least this
 * share of it: rules and shaded boxes under text, with a few checkboxes or bullets, are a form or a framed box.
 */
const MIN_FIGURE_SHARE = 0.05;

/**
 * Vector drawings worth keeping as pictures (charts, diagrams): shapes and rules that touch or nearly touch,
 * grouped, where a group has at least four of them, is at least half an inch each way, is no page background (under
 * 80 % of the page), is no table, is mostly not text (its lines cover under 40 % of it: a shaded box around a
 * paragraph stays text) and has a figure: shapes that are no rules and have no text on them cover a twentieth of it
 * or more (a frame of rules around a form's fields, with a shaded title bar, stays text). Each region takes in the
 * labels inside it and the short ones just around it. With `valuesOnFigures`, a shape with only a number on it (a
 * chart's bar with its value) is figure too.
 */
export function drawingRegions(
  shapes: readonly Box[],
  page: { width: number; height: number },
  lines: readonly LayoutLine[],
  tables: readonly Box[],
  rules: readonly Box[] = [],
  { valuesOnFigures = false }: { valuesOnFigures?: boolean } = {},
): Box[] {
  const pageArea = page.width * page.height;
  const drawable = (shape: Box) => area(shape) < 0.5 * pageArea && (widthOf(shape) > 1 || heightOf(shape) > 1);
  const candidates = [...shapes, ...rules].filter(drawable);
  if (candidates.length < MIN_DRAWING_SHAPES || candidates.length > 20000) return [];
  const words = valuesOnFigures ? lines.filter((line) => tickValue(lineText(line)) === undefined) : lines;
  const figures = new Set(shapes.filter((shape) => drawable(shape) && !words.some((line) => contains(shape, line))));
  // Grouped by sweeping left to right, so a page of many shapes is not compared pair by pair.
  const order = candidates.map((_, index) => index).sort((a, b) => candidates[a]!.x0 - candidates[b]!.x0);
  const parent = candidates.map((_, index) => index);
  const find = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  const near = (a: Box, b: Box) =>
    a.x0 <= b.x1 + DRAWING_GAP &&
    b.x0 <= a.x1 + DRAWING_GAP &&
    a.y0 <= b.y1 + DRAWING_GAP &&
    b.y0 <= a.y1 + DRAWING_GAP;
  for (let i = 0; i < order.length; i++) {
    const a = candidates[order[i]!]!;
    for (let j = i + 1; j < order.length; j++) {
      const b = candidates[order[j]!]!;
      if (b.x0 > a.x1 + DRAWING_GAP) break;
      if (near(a, b)) parent[find(order[i]!)] = find(order[j]!);
    }
  }
  const groups = new Map<number, Box[]>();
  candidates.forEach((shape, index) => {
    const root = find(index);
    const group = groups.get(root);
    if (group) group.push(shape);
    else groups.set(root, [shape]);
  });
  const regions: Box[] = [];
  for (const group of groups.values()) {
    if (group.length < MIN_DRAWING_SHAPES) continue;
    const region = union(group);
    if (widthOf(region) < MIN_DRAWING_SIDE || heightOf(region) < MIN_DRAWING_SIDE) continue;
    if (area(region) >= 0.8 * pageArea) continue;
    if (tables.some((table) => overlapArea(table, region) > 0.3 * Math.min(area(table), area(region)))) continue;
    const inside = lines.filter((line) => contains(region, line));
    const textArea = inside.reduce((sum, line) => sum + area(line), 0);
    if (textArea >= 0.4 * area(region)) continue;
    const figure = group.filter((shape) => figures.has(shape)).reduce((sum, shape) => sum + area(shape), 0);
    if (figure < MIN_FIGURE_SHARE * area(region)) continue;
    // Labels just outside the shapes (axis labels, a legend) belong to the drawing; a caption, as wide as half
    // the drawing or more, does not.
    const around = {
      x0: region.x0 - LABEL_REACH,
      y0: region.y0 - LABEL_REACH,
      x1: region.x1 + LABEL_REACH,
      y1: region.y1 + LABEL_REACH,
    };
    const labels = lines.filter(
      (line) => !contains(region, line) && overlapArea(around, line) > 0 && widthOf(line) < 0.5 * widthOf(region),
    );
    regions.push(union([region, ...inside, ...labels]));
  }
  return regions;
}

/** A chart's axis has at least this many tick labels. */
const MIN_TICKS = 4;

/** The value a tick label shows (`1,000`, `-3`, `0.5`, `40%`, `$20`), or `undefined` when it is no number. */
function tickValue(text: string): number | undefined {
  const plain = text
    .trim()
    .replace(/^[\u2212\u2013]/u, '-')
    .replace(/[,%$\u20ac\u00a3]/gu, '');
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : undefined;
}

/** Whether `values` are all numbers, MIN_TICKS or more, stepping evenly (0 10 20 30, 1995 1996 1997 1998, 4 3 2 1). */
function stepsEvenly(values: readonly (number | undefined)[]): boolean {
  if (values.length < MIN_TICKS || values.some((value) => value === undefined)) return false;
  const step = values[1]! - values[0]!;
  return (
    step !== 0 &&
    values.every((value, index) => Math.abs(value! - values[0]! - index * step) <= 1e-6 * Math.abs(step) * index)
  );
}

/**
 * The tick labels of a chart's axis among `lines`, or none: four or more numbers stepping evenly, and nothing else,
 * along one row (the words of the lines that share it, left to right) or down one column (the lines of one number
 * whose right or left edges are in line, top to bottom). A chart is read from its data, not its labels; a
 * diagram's words have no such run, and a form's line numbers skip some (14, 17, 18).
 */
export function axisLabels(lines: readonly LayoutLine[]): LayoutLine[] {
  const sameRow = (a: LayoutLine, b: LayoutLine) => Math.abs(centreY(a) - centreY(b)) < heightOf(a) / 2;
  const rows: LayoutLine[][] = [];
  for (const line of [...lines].sort((a, b) => centreY(a) - centreY(b))) {
    const row = rows.at(-1);
    if (row && sameRow(row[0]!, line)) row.push(line);
    else rows.push([line]);
  }
  for (const row of rows) {
    const ordered = [...row].sort((a, b) => a.x0 - b.x0);
    if (stepsEvenly(ordered.flatMap((line) => lineText(line).trim().split(/\s+/u)).map(tickValue))) return ordered;
  }
  const numbers = rows.flat().filter((line) => tickValue(lineText(line)) !== undefined);
  for (const edge of [(line: LayoutLine) => line.x0, (line: LayoutLine) => line.x1]) {
    for (const first of numbers) {
      const column = numbers.filter((line) => Math.abs(edge(line) - edge(first)) <= 2);
      if (column.length >= MIN_TICKS && stepsEvenly(column.map((line) => tickValue(lineText(line))))) return column;
    }
  }
  return [];
}

/** A line of this many words or more reads as a sentence, not a label. */
const SENTENCE_WORDS = 5;
/** A chart's lines are labels: more than this share of sentences is a form or a text with numbered lines. */
const MAX_SENTENCE_SHARE = 0.25;
/** A chart's own labels are set in its tick labels' size, within this many points (sizes are read to half points). */
const CHART_LABEL_SIZE = 0.5;

/**
 * The charts among drawing `regions` (drawingRegions): those with an axis (axisLabels) whose lines are mostly
 * labels, not sentences (a form numbers its lines too), each with the lines that are its own labels: in the region
 * and set in the size of its tick labels (ticks, categories, legend, data labels: a chart sets them alike), or a
 * number alone (a value on a bar, in any size). A title, or a note set over the chart in another size, is the
 * slide's text.
 */
export function chartsIn(
  regions: readonly Box[],
  lines: readonly LayoutLine[],
  shapes: readonly Box[] = [],
): (Box & { labels: LayoutLine[] })[] {
  const sizeOf = (line: LayoutLine) => Math.max(...line.spans.map((span) => span.size));
  return regions.flatMap((region) => {
    const inside = lines.filter((line) => contains(region, line));
    const ticks = axisLabels(inside);
    const sentences = inside.filter((line) => lineText(line).trim().split(/\s+/u).length >= SENTENCE_WORDS);
    if (ticks.length === 0 || sentences.length > MAX_SENTENCE_SHARE * inside.length) return [];
    const size = sizeOf(ticks[0]!);
    const labels = inside.filter(
      (line) => Math.abs(sizeOf(line) - size) <= CHART_LABEL_SIZE || tickValue(lineText(line)) !== undefined,
    );
    const legend = legendOf(region, lines, shapes, heightOf(ticks[0]!));
    return [
      {
        ...union([region, ...legend.flatMap(({ line, key }) => [line, key])]),
        labels: [...labels, ...legend.map(({ line }) => line)],
      },
    ];
  });
}

/** A chart's legend stands within this many of its tick labels' line heights of it. */
const LEGEND_REACH = 3;

/**
 * The legend entries of the chart in `region` that stand apart from it (below it, or beside it): lines outside it,
 * within LEGEND_REACH, each led by its key, a small square shape just before it on its row (the page reading may
 * join the entries of one row into one line).
 */
function legendOf(
  region: Box,
  lines: readonly LayoutLine[],
  shapes: readonly Box[],
  tickHeight: number,
): { line: LayoutLine; key: Box }[] {
  const reach = LEGEND_REACH * tickHeight;
  const gap = (box: Box) => Math.max(0, region.x0 - box.x1, box.x0 - region.x1, region.y0 - box.y1, box.y0 - region.y1);
  return lines.flatMap((line) => {
    if (contains(region, line) || gap(line) > reach) return [];
    const height = heightOf(line);
    const key = shapes.find(
      (shape) =>
        Math.max(widthOf(shape), heightOf(shape)) <= 1.5 * height &&
        Math.min(widthOf(shape), heightOf(shape)) >= 2 &&
        Math.abs(centreY(shape) - centreY(line)) < height / 2 &&
        shape.x1 <= line.x0 + 1 &&
        shape.x1 >= line.x0 - 1.5 * height,
    );
    return key ? [{ line, key }] : [];
  });
}

/** Whether the middle of `box` lies inside `region`. */
export const contains = (region: Box, box: Box) =>
  centreX(box) > region.x0 && centreX(box) < region.x1 && centreY(box) > region.y0 && centreY(box) < region.y1;
