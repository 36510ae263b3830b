/**
 * Numbers read left to right in every script, but a right-to-left line may draw a number's digits from the right
 * (LibreOffice draws an Arabic cell's "١٢٣" as ٣, ٢, ١ going left), and MuPDF's structured text gives characters in
 * the order they were drawn: "٣٢١" for what the page shows as "١٢٣". A run of digits, with one separator between two
 * of them ("1,234.5", "12/05", "١٢٫٥"), whose positions along the line go backwards is put back in reading order.
 */

import type * as mupdf from 'mupdf';

const DIGIT = /^\p{Nd}$/u;

/** Whether a character is a digit, whose place along the line digitsInReadingOrder needs. */
export const isDigit = (char: string) => DIGIT.test(char);

/** Where a character's quad starts along its own direction of writing (its upper edge, left to right). */
export function alongLine(quad: mupdf.Quad): number {
  const [dx, dy] = [quad[2] - quad[0], quad[3] - quad[1]];
  return (quad[0] * dx + quad[1] * dy) / (Math.hypot(dx, dy) || 1);
}
const SEPARATOR = /^[.,:/\u066B\u066C\u2212-]$/u;

/**
 * The [start, end) index ranges of `chars` that are runs of two or more digits drawn backwards: each character's
 * position along the line is `at(i)` (larger further along), undefined where it is not known.
 */
function backwardDigitRuns(chars: readonly string[], at: (index: number) => number | undefined): [number, number][] {
  const runs: [number, number][] = [];
  let index = 0;
  while (index < chars.length) {
    if (!DIGIT.test(chars[index]!)) {
      index++;
      continue;
    }
    let end = index + 1;
    let digits = 1;
    while (end < chars.length) {
      if (DIGIT.test(chars[end]!)) {
        end++;
        digits++;
      } else if (SEPARATOR.test(chars[end]!) && end + 1 < chars.length && DIGIT.test(chars[end + 1]!)) {
        end += 2;
        digits++;
      } else break;
    }
    if (digits >= 2 && drawnBackwards(index, end, at)) runs.push([index, end]);
    index = end;
  }
  return runs;
}

/** Whether every known position in [start, end) lies before the one drawn just before it. */
function drawnBackwards(start: number, end: number, at: (index: number) => number | undefined): boolean {
  let previous: number | undefined;
  let steps = 0;
  for (let index = start; index < end; index++) {
    const position = at(index);
    if (position === undefined) continue;
    if (previous !== undefined) {
      if (position >= previous) return false;
      steps++;
    }
    previous = position;
  }
  return steps > 0;
}

/**
 * `items` with each backward digit run turned round; `items` itself when there is none. `at` gives an item's place
 * along the line, or undefined where it is not known (only digits need one).
 */
export function digitsInReadingOrder<T>(
  items: readonly T[],
  text: (item: T) => string,
  at: (item: T) => number | undefined,
): T[] {
  const runs = backwardDigitRuns(items.map(text), (index) => at(items[index]!));
  if (runs.length === 0) return items as T[];
  const ordered = [...items];
  for (const [start, end] of runs) ordered.splice(start, end - start, ...items.slice(start, end).reverse());
  return ordered;
}
