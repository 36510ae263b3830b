import type { RuledRows } from './ruled-grids.js';
import {
  type Box,
  type Table,
  type TableCell,
  type TextLine,
  type Word,
  centreX,
  centreY,
  heightOf,
  median,
  union,
  widthOf,
} from './table-model.js';
import { type Segment, segments } from './text-lines.js';

/**
 * Tables without column rules: lines whose words stand in columns with white gutters between them. Runs of such
 * lines are found first (a paragraph's lines have no wide gaps and end a run); the columns are the gutters every
 * line with the most cells leaves white; each line is a row, except a line that only continues cells of the row
 * above it, closer to it than rows are to each other (a multi-line cell). A segment running over a gutter is a
 * merged cell. Between horizontal rules (ruled rows) the rules part the rows when they part most of them.
 */

interface Parted<W extends Word> {
  line: TextLine<W>;
  segments: Segment<W>[];
}

/** Lines further apart than this many line heights are not rows of one table. */
const MAX_ROW_GAP = 1.8;
/** At most this many lines of one cell in a row between other rows (a section heading, a note). */
const MAX_SINGLE_RUN = 2;
/** Lines closer than this share of their height are lines of one paragraph or cell. */
const TIGHT_GAP = 0.5;
/** Gutters narrower than this (points) are not column gaps. */
const MIN_GUTTER = 1;

interface Interval {
  x0: number;
  x1: number;
}

/**
 * White runs through every segment of `rows`, within `extent`, at least MIN_GUTTER wide and not at its edges. Text
 * cut off where the next segment starts (a spreadsheet's overflowing cell) stands for white as wide as a gutter needs.
 */
function gutters(rows: readonly Segment[][], extent: Box): Interval[] {
  const covered = rows
    .flatMap((row) =>
      row.map((segment, index) => {
        const next = row[index + 1];
        const end = next?.words[0]?.afterCut ? Math.min(segment.x1, next.x0 - MIN_GUTTER) : segment.x1;
        return [segment.x0, end] as const;
      }),
    )
    .sort((a, b) => a[0] - b[0]);
  const result: Interval[] = [];
  let reach = extent.x0;
  for (const [x0, x1] of covered) {
    if (x0 - reach >= MIN_GUTTER && reach > extent.x0) result.push({ x0: reach, x1: x0 });
    reach = Math.max(reach, x1);
  }
  return result;
}

/** The most frequent number of segments among lines with two or more (ties go to the larger). */
function usualCount(lines: readonly Parted<Word>[]): number {
  const counts = new Map<number, number>();
  for (const { segments: parts } of lines) {
    if (parts.length >= 2) counts.set(parts.length, (counts.get(parts.length) ?? 0) + 1);
  }
  let best = 0;
  let bestCount = 0;
  for (const [count, times] of counts) {
    if (times > bestCount || (times === bestCount && count > best)) [best, bestCount] = [count, times];
  }
  return best;
}

/** The columns a segment covers: those it overlaps by more than a point. */
function columnRange(segment: Box, columns: readonly number[]): [number, number] {
  let first = -1;
  let last = -1;
  for (let column = 0; column < columns.length - 1; column++) {
    const overlap = Math.min(segment.x1, columns[column + 1]!) - Math.max(segment.x0, columns[column]!);
    if (overlap > 1 || (centreX(segment) >= columns[column]! && centreX(segment) <= columns[column + 1]!)) {
      if (first < 0) first = column;
      last = column;
    }
  }
  if (first < 0) {
    const column = Math.max(0, Math.min(columns.length - 2, columns.findIndex((x) => centreX(segment) < x) - 1));
    return [column, column];
  }
  return [first, last];
}

const columnOf = (segment: Box, columns: readonly number[]) => {
  const [first] = columnRange({ ...segment, x0: centreX(segment), x1: centreX(segment) }, columns);
  return first;
};

/** Columns of running text are at least this wide (points) ... */
const MIN_PROSE_COLUMN = 120;
/** ... and their lines hold this many words or more, where cells mostly hold a word or two. */
const MIN_PROSE_WORDS = 4;

/** Words of a segment: its boxes may be whole lines of text (a converter that reads lines, not words). */
const wordCount = (segment: Segment) =>
  segment.words.reduce((sum, word) => sum + Math.max(1, word.text.split(/\s+/).filter(Boolean).length), 0);

/** Whether the columns hold running text (two wide columns of sentences) rather than cells. */
function isProse(rows: readonly Parted<Word>[], columns: readonly number[]): boolean {
  if (columns.length !== 3) return false;
  return [0, 1].every((column) => {
    if (columns[column + 1]! - columns[column]! < MIN_PROSE_COLUMN) return false;
    const inColumn = rows.flatMap((row) => row.segments.filter((segment) => columnOf(segment, columns) === column));
    return median(inColumn.map(wordCount)) >= MIN_PROSE_WORDS;
  });
}

/** White between two words wider than this share of the font size, meeting a gutter, parts them. */
const MIN_EDGE_GAP = 0.35;

/** A word's edge this close (points) to a gutter's edge stands where the column's text starts or ends. */
const EDGE_ALIGNED = 0.5;

/**
 * A segment cut where a gap between its words meets a gutter and is wider than a word space, or lines up with the
 * column's text (a right-aligned header ending where its figures end, or one starting where its column's text
 * starts): a header over tight columns.
 */
function cutAtGutters<W extends Word>(segment: Segment<W>, gutters: readonly Interval[]): Segment<W>[] {
  const pieces: Segment<W>[] = [];
  for (const word of segment.words) {
    const last = pieces.at(-1);
    const previous = last?.words.at(-1);
    const cut =
      previous !== undefined &&
      gutters.some(
        (gutter) =>
          Math.min(gutter.x1, word.x0) - Math.max(gutter.x0, previous.x1) > 0 &&
          (word.x0 - previous.x1 >= MIN_EDGE_GAP * word.size ||
            Math.abs(previous.x1 - gutter.x0) <= EDGE_ALIGNED ||
            Math.abs(word.x0 - gutter.x1) <= EDGE_ALIGNED),
      );
    if (last && !cut) {
      last.words.push(word);
      last.x1 = Math.max(last.x1, word.x1);
      last.y0 = Math.min(last.y0, word.y0);
      last.y1 = Math.max(last.y1, word.y1);
    } else pieces.push({ ...union([word]), words: [word] });
  }
  return pieces;
}

/** One row's cells: each segment in the columns it covers, merged where it covers several and nothing else does. */
function rowCells<W extends Word>(
  segments: readonly Segment<W>[],
  columns: readonly number[],
  gutters: readonly Interval[],
  row: number,
) {
  const parts = segments.flatMap((segment) => cutAtGutters(segment, gutters));
  let ranges = parts.map((segment) => ({ range: columnRange(segment, columns), segment }));
  // Parts over the same columns are lines of one cell; parts over columns that only partly meet are placed by
  // their middles.
  const same = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1];
  const overlapping = ranges.some((a, i) =>
    ranges.some((b, j) => i !== j && a.range[0] <= b.range[1] && b.range[0] <= a.range[1] && !same(a.range, b.range)),
  );
  if (overlapping) {
    ranges = ranges.map(({ segment }) => {
      const column = columnOf(segment, columns);
      return { range: [column, column] as [number, number], segment };
    });
  }
  const cells: TableCell<W>[] = [];
  for (let column = 0; column < columns.length - 1;) {
    const here = ranges.filter(({ range }) => range[0] === column);
    const span = Math.max(1, ...here.map(({ range }) => range[1] - range[0] + 1));
    const words = here
      .map(({ segment }) => segment)
      .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)
      .flatMap((segment) => segment.words);
    cells.push({ row, column, rowSpan: 1, columnSpan: span, words });
    column += span;
  }
  return cells;
}

/** The occupied columns of a line. */
const occupied = (parts: readonly Segment[], columns: readonly number[]) =>
  new Set(parts.map((segment) => columnOf(segment, columns)));

/** A cell's line that wrapped holds this many words or more ... */
const MIN_WRAPPED_WORDS = 3;
/** ... and fills this share of its column at least; the line after it starts this close to where it starts. */
const MIN_WRAPPED_WIDTH = 0.6;
const WRAP_ALIGNED = 2;
/** A line reaching up into the line above by this share of its height or more is set beside it, in its row. */
const BESIDE_OVERLAP = 0.2;

/**
 * Lines grouped into rows: a line continues the row above when it fills only columns that row fills, fewer of
 * them, and sits closer to it than the table's rows sit to each other, or no further and under text of that row
 * that wrapped; a line reaching well up into the one above and filling only columns its row leaves empty is set
 * beside that row's wrapped cells, in the row; a first line over the next the same way (heading cells that wrapped,
 * set on their last line); with `breaks` (rule positions), lines between two rules are one row when the rules part
 * most rows.
 */
function groupRows<W extends Word>(lines: readonly Parted<W>[], columns: readonly number[], breaks: readonly number[]) {
  const bandOf = (line: Box) => breaks.filter((y) => y < centreY(line)).length;
  const bands = new Set(lines.map(({ line }) => bandOf(line)));
  const byRules = breaks.length >= 3 && bands.size >= 3 && bands.size >= 0.5 * lines.length;
  const rows: Parted<W>[][] = [];
  if (byRules) {
    for (const parted of lines) {
      const last = rows.at(-1);
      if (last && bandOf(last[0]!.line) === bandOf(parted.line)) last.push(parted);
      else rows.push([parted]);
    }
    return rows;
  }
  const gaps = lines.slice(1).map((parted, index) => parted.line.y0 - lines[index]!.line.y1);
  // A line filling only some of the columns the line above fills may continue its cells.
  const fewer = (index: number, above: ReadonlySet<number>) => {
    const here = occupied(lines[index]!.segments, columns);
    return here.size < above.size && [...here].every((column) => above.has(column));
  };
  // The gap rows leave: above lines that fill a column the line above leaves empty, or every column.
  const rowGaps = gaps.filter((_, index) => {
    const above = occupied(lines[index]!.segments, columns);
    const here = occupied(lines[index + 1]!.segments, columns);
    return here.size === columns.length - 1 || [...here].some((column) => !above.has(column));
  });
  const rowGap = rowGaps.length > 0 ? median(rowGaps) : 0;
  const isContinuation = (index: number, row: readonly Parted<W>[]) =>
    fewer(index, new Set(row.flatMap(({ segments: parts }) => [...occupied(parts, columns)])));
  // Text that wrapped: in each column the line fills, the row's last text there is a long run of words starting
  // where this line starts (a cell set with no more space between rows than between its lines).
  const wrapped = (index: number, row: readonly Parted<W>[]) =>
    lines[index]!.segments.every((segment) => {
      const column = columnOf(segment, columns);
      const above = row
        .flatMap(({ segments: parts }) => parts)
        .filter((part) => columnOf(part, columns) === column)
        .at(-1);
      const width = columns[column + 1]! - columns[column]!;
      return (
        above !== undefined &&
        wordCount(above) >= MIN_WRAPPED_WORDS &&
        widthOf(above) >= MIN_WRAPPED_WIDTH * width &&
        Math.abs(above.x0 - segment.x0) <= WRAP_ALIGNED
      );
    });
  // A line centred beside cells that wrapped (a heading row's one-line cells between "Handle" and "Bars"): it
  // reaches well up into the line above, which rows never do, and fills only columns the row leaves empty.
  const besideWrapped = (gap: number, index: number, row: readonly Parted<W>[]) => {
    const filled = new Set(row.flatMap(({ segments: parts }) => [...occupied(parts, columns)]));
    return (
      gap < -BESIDE_OVERLAP * heightOf(lines[index]!.line) &&
      [...occupied(lines[index]!.segments, columns)].every((column) => !filled.has(column))
    );
  };
  // A line of one part over two columns or more, under a line of one part over the same columns: a merged cell's
  // text that wrapped ("Number of" over "Respondents" across "FY" and "SR").
  const spanOf = ({ segments: parts }: Parted<W>) => (parts.length === 1 ? columnRange(parts[0]!, columns) : undefined);
  const spanContinues = (index: number, row: readonly Parted<W>[]) => {
    const here = spanOf(lines[index]!);
    const above = spanOf(row.at(-1)!);
    return here !== undefined && above !== undefined && here[1] > here[0] && here.join() === above.join();
  };
  // Lines closer than rows sit to each other are lines of one row.
  const closerThanRows = (gap: number) => rowGap > 1 && gap < 0.7 * rowGap;
  lines.forEach((parted, index) => {
    const last = rows.at(-1);
    const sameBand = last && bandOf(last[0]!.line) === bandOf(parted.line);
    const gap = gaps[index - 1]!;
    const closer = closerThanRows(gap);
    const asClose = gap <= Math.max(1.25 * rowGap, rowGap + 1);
    const continues =
      last &&
      ((isContinuation(index, last) && (closer || (asClose && wrapped(index, last)))) ||
        (closer && spanContinues(index, last)));
    if (last && sameBand && (continues || besideWrapped(gap, index, last))) last.push(parted);
    else rows.push([parted]);
  });
  // A first line of fewer parts than the line below, each over one of its parts, and closer to it than rows are to
  // each other: the first lines of heading cells that wrapped, set on the same last line as the headings that did
  // not ("Response" over "Rate" beside "Year").
  const [first, second] = rows;
  if (
    first?.length === 1 &&
    second &&
    closerThanRows(gaps[0]!) &&
    bandOf(first[0]!.line) === bandOf(second[0]!.line) &&
    first[0]!.segments.length < second[0]!.segments.length &&
    first[0]!.segments.every((segment) =>
      second[0]!.segments.some((below) => segment.x0 < below.x1 && below.x0 < segment.x1),
    )
  ) {
    rows.splice(0, 2, [...first, ...second]);
  }
  return rows;
}

/** A cell's text set closer to the next row's than this share of the white between the rows' other text... */
const MERGED_DOWN_GAP = 0.5;

/**
 * ... runs on into the next row's cell: a cell merged down over rows whose text wrapped onto lines of its own
 * leading, not the rows' ("Level of" / "Academic" / "Challenge" beside "LAC", "n" and "SD"). The cell then spans
 * those rows.
 */
function mergedDown<W extends Word>(cells: TableCell<W>[]): TableCell<W>[] {
  const rows = new Map<number, TableCell<W>[]>();
  for (const cell of cells) {
    const row = rows.get(cell.row);
    if (row) row.push(cell);
    else rows.set(cell.row, [cell]);
  }
  const cellsOf = (row: number) => rows.get(row) ?? [];
  const oneLine = (words: readonly W[]) => words.every((word) => Math.abs(word.y0 - words[0]!.y0) <= 1);
  const rowOfLines = (row: number) => cellsOf(row).every((cell) => cell.rowSpan > 1 || oneLine(cell.words));
  const others = (row: number, column: number) =>
    cellsOf(row)
      .filter((cell) => cell.column !== column)
      .flatMap((cell) => cell.words);
  const gone = new Set<TableCell<W>>();
  for (const top of cells) {
    if (gone.has(top) || top.words.length === 0) continue;
    for (;;) {
      const last = top.row + top.rowSpan - 1;
      const next = cellsOf(last + 1).find((cell) => cell.column === top.column);
      if (!next || next.words.length === 0 || next.columnSpan !== top.columnSpan) break;
      // Rows of one line in every cell: the white between rows is then the white between their lines.
      if (!rowOfLines(last) || !rowOfLines(last + 1)) break;
      const above = others(last, top.column);
      const below = others(last + 1, top.column);
      if (above.length === 0 || below.length === 0) break;
      const restGap = Math.min(...below.map((word) => word.y0)) - Math.max(...above.map((word) => word.y1));
      const ownBottom = Math.max(...top.words.filter((word) => word.y0 >= top.words.at(-1)!.y0 - 1).map((w) => w.y1));
      const cellGap = Math.min(...next.words.map((word) => word.y0)) - ownBottom;
      if (restGap <= 2 || cellGap < 0 || cellGap >= MERGED_DOWN_GAP * restGap) break;
      top.words.push(...next.words);
      top.rowSpan++;
      gone.add(next);
    }
  }
  return cells.filter((cell) => !gone.has(cell));
}

/** The gutters of lines of one table: the white through every line with the usual number of segments or more. */
function runGutters(lines: readonly Parted<Word>[]): Interval[] {
  const multi = lines.filter(({ segments: parts }) => parts.length >= 2);
  const usual = usualCount(multi);
  const full = multi.filter(({ segments: parts }) => parts.length >= usual).map(({ segments: parts }) => parts);
  return gutters(full, union(lines.map(({ line }) => line)));
}

/** Lines in a row that share every gutter between their segments, this many or more, are a table of their own... */
const MIN_BLOCK_LINES = 3;

/**
 * ... where the run they stand in loses some of those gutters: a run read as one table from a two-column address
 * block down into a four-column legend takes the gutters of the block and crosses out the legend's. The run is
 * parted around such a block, grown by the lines next to it that cross none of its gutters, and the parts before
 * and after it are looked at again.
 */
function partedRuns<W extends Word>(lines: readonly Parted<W>[]): Parted<W>[][] {
  const kept = runGutters(lines);
  const crosses = (line: Parted<W>, gaps: readonly Interval[]) =>
    line.segments.some((segment) => gaps.some((gap) => segment.x0 < gap.x1 && gap.x0 < segment.x1));
  for (let start = 0; start < lines.length; start++) {
    const count = lines[start]!.segments.length;
    if (count < 2) continue;
    const sharedBy = (end: number) => {
      const block = lines.slice(start, end);
      return gutters(
        block.map(({ segments: parts }) => parts),
        union(block.map(({ line }) => line)),
      );
    };
    let end = start + 1;
    while (end < lines.length && lines[end]!.segments.length === count && sharedBy(end + 1).length === count - 1) {
      end++;
    }
    const shared = sharedBy(end);
    const lost = shared.some((gap) => !kept.some((other) => other.x0 < gap.x1 && gap.x0 < other.x1));
    if (end - start < MIN_BLOCK_LINES || shared.length !== count - 1 || !lost) {
      // A block that ends where the number of segments changes holds every block starting further in that it
      // leaves: they end there too, with the same gutters or wider ones, none of them lost either.
      if (shared.length === count - 1 && lines[end]?.segments.length !== count) start = end - 1;
      continue;
    }
    let from = start;
    while (from > 0 && !crosses(lines[from - 1]!, shared)) from--;
    let to = end;
    while (to < lines.length && !crosses(lines[to]!, shared)) to++;
    return [...partedRuns(lines.slice(0, from)), lines.slice(from, to), ...partedRuns(lines.slice(to))];
  }
  return lines.length > 0 ? [[...lines]] : [];
}

/** A table from lines standing in columns, or undefined when they do not form one. */
function tableOf<W extends Word>(
  lines: readonly Parted<W>[],
  ruled: RuledRows | undefined,
): { table: Table<W>; used: Parted<W>[] } | undefined {
  const multi = lines.filter(({ segments: parts }) => parts.length >= 2);
  if (multi.length < 2) return undefined;
  const extent = ruled
    ? { ...union(lines.map(({ line }) => line)), x0: Math.min(ruled.x0, ...lines.map(({ line }) => line.x0)) }
    : union(lines.map(({ line }) => line));
  const found = runGutters(lines);
  if (found.length === 0) return undefined;
  const left = ruled ? Math.min(ruled.x0, extent.x0) : extent.x0;
  const right = ruled ? Math.max(ruled.x1, extent.x1) : extent.x1;
  const columns = [left, ...found.map((gap) => (gap.x0 + gap.x1) / 2), right];
  if (isProse(multi, columns)) return undefined;
  const breaks = ruled ? ruled.rules : [];
  const grouped = groupRows(lines, columns, breaks);
  // Lines of one cell after the last row that did not join it as its continuation are text below the table.
  while (!ruled && grouped.length > 0 && grouped.at(-1)!.every(({ segments: parts }) => parts.length < 2)) {
    grouped.pop();
  }
  if (grouped.length < 2) return undefined;
  const cells = mergedDown(
    grouped.flatMap((row, index) =>
      rowCells(
        row.flatMap(({ segments: parts }) => parts),
        columns,
        found,
        index,
      ),
    ),
  );
  // Rows where two or more cells hold text: a table has at least two.
  const filledRows = grouped.filter(
    (_, index) => cells.filter((cell) => cell.row === index && cell.words.length > 0).length >= 2,
  );
  if (filledRows.length < 2) return undefined;
  const boxes = grouped.map((row) => union(row.map(({ line }) => line)));
  const top = ruled ? Math.min(ruled.y0, boxes[0]!.y0) : boxes[0]!.y0;
  const bottom = ruled ? Math.max(ruled.y1, boxes.at(-1)!.y1) : boxes.at(-1)!.y1;
  const rows = [top, ...boxes.slice(1).map((box, index) => (boxes[index]!.y1 + box.y0) / 2), bottom];
  const table: Table<W> = {
    kind: ruled ? 'partly-ruled' : 'borderless',
    x0: left,
    y0: top,
    x1: right,
    y1: bottom,
    columns,
    rows,
    cells,
  };
  return { table, used: grouped.flat() };
}

/**
 * The runs of lines that may be tables: lines of two or more segments, near each other, with at most
 * MAX_SINGLE_RUN one-segment lines between them, and no line of running text (eight words or more) across their
 * columns.
 */
function candidateRuns<W extends Word>(lines: readonly Parted<W>[]): Parted<W>[][] {
  const runs: Parted<W>[][] = [];
  let run: Parted<W>[] = [];
  let singles: Parted<W>[] = [];
  const close = () => {
    // Lines of one cell right after the run may continue its last row's cells (tableOf lets go of those that do not).
    if (run.length > 0) runs.push([...run, ...singles]);
    run = [];
    singles = [];
  };
  for (const parted of lines) {
    const previous = singles.at(-1) ?? run.at(-1);
    const height = Math.max(heightOf(parted.line), previous ? heightOf(previous.line) : 0);
    if (previous && parted.line.y0 - previous.line.y1 > MAX_ROW_GAP * height) close();
    if (parted.segments.length >= 2) {
      run.push(...singles, parted);
      singles = [];
    } else if (run.length > 0) {
      // A line of running text across the run's columns ends it: a paragraph between two tables joins neither.
      const second = Math.min(...run.filter((each) => each.segments.length >= 2).map((each) => each.segments[1]!.x0));
      const segment = parted.segments[0]!;
      if (segment.x0 < second - 1 && segment.x1 > second + 1 && wordCount(segment) >= 2 * MIN_PROSE_WORDS) {
        close();
        continue;
      }
      singles.push(parted);
      // Lines set as close as a paragraph's continue a wrapping cell, however many there are.
      const loose = singles.filter((single, index) => {
        const before = index > 0 ? singles[index - 1]! : run.at(-1)!;
        return single.line.y0 - before.line.y1 > TIGHT_GAP * heightOf(single.line);
      });
      if (loose.length > MAX_SINGLE_RUN) close();
    }
  }
  close();
  return runs;
}

/** Neighbour lines looked at, above and below, for a narrow gap that runs through them. */
const GUTTER_WINDOW = 3;
/** A narrow gap is a gutter when this many neighbours have a gap across it... */
const GUTTER_NEIGHBOURS = 3;
/** ... with this much white (points) common to all of them. */
const MIN_NARROW_GUTTER = 1;
/** A word that is a figure: an amount, a count, a percentage, a date or a time ("name10" and "K-772" are not). */
const FIGURE = /^[(−-]?[$€£¥₹]?\d[\d.,:/-]*[%)]?$/u;
/** A mark standing between words of one cell ("name2 - 102", "3 x 4"), not at a column's edge. */
const CONNECTOR = /^[-–—/:&=+x×]$/u;
/** A unit written after its figure ("12,5 %", "1.234,56 €") is part of the figure's cell. */
const UNIT = /^(?:[%‰°$€£¥₹₩₽₺₫฿₪]|USD|EUR|GBP|CHF|kg|km|m|h)$/u;

/**
 * Words that start a cell though the white before them is no wider than a word space: a spreadsheet printed without
 * grid lines sets a right-aligned figure a few points from the text of the next column. Such a gap counts when it
 * runs, a point wide at least, through the same gap of at least three of the six lines around it (lines near each
 * other, not across a wider break), or, when it is wider than a word space, of every one of them in a table of three
 * lines; and when a figure stands on one side of it (not a unit after it, nor a dash or such mark before it), or it is wider than a word space and the
 * words after it start (or those before it end) at the same place in those lines, as a column's text does: the
 * gaps between words of running text do neither.
 */
function narrowGutters<W extends Word>(lines: readonly TextLine<W>[]): Set<W> {
  const gaps = lines.map((line) =>
    line.words
      .slice(1)
      .map((word, index) => ({ x0: line.words[index]!.x1, x1: word.x0, after: line.words[index]!, word })),
  );
  const cuts = new Set<W>();
  lines.forEach((line, index) => {
    const near: number[] = [];
    for (let step = -1; step >= -GUTTER_WINDOW && index + step >= 0; step--) {
      const below = lines[index + step + 1]!;
      const above = lines[index + step]!;
      if (below.y0 - above.y1 > MAX_ROW_GAP * heightOf(below)) break;
      near.push(index + step);
    }
    for (let step = 1; step <= GUTTER_WINDOW && index + step < lines.length; step++) {
      const above = lines[index + step - 1]!;
      const below = lines[index + step]!;
      if (below.y0 - above.y1 > MAX_ROW_GAP * heightOf(below)) break;
      near.push(index + step);
    }
    for (const gap of gaps[index]!) {
      const figure = FIGURE.test(gap.after.text) || FIGURE.test(gap.word.text);
      const joined = CONNECTOR.test(gap.after.text) || CONNECTOR.test(gap.word.text);
      if (joined || UNIT.test(gap.word.text) || gap.x1 - gap.x0 < MIN_NARROW_GUTTER) continue;
      // Between two words of text, only gaps wider than a word space where the columns' text starts or ends at the
      // same place count ("name10 - 110" under "name11 - 111" is no column).
      const aligned = (each: (typeof gaps)[number][number]) =>
        figure ||
        (each.x1 - each.x0 >= MIN_EDGE_GAP * each.word.size &&
          gap.x1 - gap.x0 >= MIN_EDGE_GAP * gap.word.size &&
          (Math.abs(each.word.x0 - gap.word.x0) <= EDGE_ALIGNED ||
            Math.abs(each.after.x1 - gap.after.x1) <= EDGE_ALIGNED));
      let common = { x0: gap.x0, x1: gap.x1 };
      let count = 0;
      for (const other of near) {
        const across = gaps[other]!.find(
          (each) => Math.min(each.x1, common.x1) - Math.max(each.x0, common.x0) >= MIN_NARROW_GUTTER && aligned(each),
        );
        if (!across) continue;
        common = { x0: Math.max(common.x0, across.x0), x1: Math.min(common.x1, across.x1) };
        count++;
      }
      // No wider than a word space: only a gap that runs through three neighbours is a gutter; in a small table a
      // wider gap may run through all of its few lines.
      const wide = gap.x1 - gap.x0 >= MIN_EDGE_GAP * gap.word.size;
      const needed = wide && near.length >= 2 ? Math.min(GUTTER_NEIGHBOURS, near.length) : GUTTER_NEIGHBOURS;
      if (count >= needed) cuts.add(gap.word);
    }
  });
  return cuts;
}

export interface AlignedOptions {
  /**
   * Whether a gap no wider than a word space may part two columns (a sheet printed without grid lines); default
   * true. A converter whose boxes are whole lines of text, not words, has no such gaps to read.
   */
  tightColumns?: boolean;
}

/**
 * Tables of aligned text among `lines` (top to bottom): first between each frame of ruled rows, then among the
 * remaining lines. Gives the tables and the lines left outside them.
 */
export function alignedTables<W extends Word>(
  lines: readonly TextLine<W>[],
  ruledRows: readonly RuledRows[],
  options: AlignedOptions = {},
): { tables: Table<W>[]; rest: TextLine<W>[] } {
  const tables: Table<W>[] = [];
  const cuts = options.tightColumns === false ? new Set<W>() : narrowGutters(lines);
  let pool = lines.map((line) => ({ line, segments: segments(line, cuts) }));
  for (const frame of ruledRows) {
    const inside = pool.filter(
      ({ line }) =>
        centreY(line) > frame.y0 &&
        centreY(line) < frame.y1 &&
        line.x0 >= frame.x0 - 0.05 * widthOf(frame) &&
        line.x1 <= frame.x1 + 0.05 * widthOf(frame),
    );
    const found = inside.length >= 2 ? tableOf(inside, frame) : undefined;
    if (!found) continue;
    tables.push(found.table);
    const taken = new Set(found.used);
    pool = pool.filter((parted) => !taken.has(parted));
  }
  for (const run of candidateRuns(pool).flatMap(partedRuns)) {
    const found = tableOf(run, undefined);
    if (!found) continue;
    tables.push(found.table);
    const taken = new Set(found.used);
    pool = pool.filter((parted) => !taken.has(parted));
  }
  return { tables, rest: pool.map(({ line }) => line) };
}
