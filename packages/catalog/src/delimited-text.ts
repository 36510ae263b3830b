/**
 * CSV has no signature: a file is taken as CSV when its start is text (no NUL or other control bytes) whose
 * records, at least two, all hold the same number (one or more) of one separator outside quotes. Prose, code and
 * markup fail that test; so does a table cut by its own length limit, since only whole records are compared.
 */

/** How much of a file the test reads. */
export const DELIMITED_SNIFF_BYTES = 16 * 1024;

/** Separators tried, in order of preference: comma, semicolon (European Excel), tab, pipe. */
const SEPARATORS = [',', ';', '\t', '|'] as const;
export type Separator = (typeof SEPARATORS)[number];

export interface DelimitedLayout {
  separator: Separator;
  /** Whether the bytes read are UTF-8 (with or without BOM); otherwise taken as Windows-1252, Excel's default. */
  utf8: boolean;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('windows-1252');

/** The layout of a delimited-text file from its first bytes (`complete`: they are the whole file). */
export function delimitedLayout(start: Uint8Array, complete: boolean): DelimitedLayout | undefined {
  if (start.length === 0) return undefined;
  for (const byte of start) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return undefined;
  }
  // Only whole lines: the read may end inside a record or inside a UTF-8 sequence.
  const lastBreak = start.lastIndexOf(0x0a);
  const whole = complete ? start : start.subarray(0, lastBreak + 1);
  let text: string;
  let utf8 = true;
  try {
    text = strictUtf8.decode(whole);
  } catch {
    utf8 = false;
    text = latin1.decode(whole);
  }
  const separator = SEPARATORS.find((candidate) => evenlySeparated(text, candidate, complete));
  return separator ? { separator, utf8 } : undefined;
}

function evenlySeparated(text: string, separator: Separator, complete: boolean): boolean {
  const counts: number[] = [];
  let count = 0;
  let quoted = false;
  let recordHasText = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === separator) count++;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (recordHasText || count > 0) counts.push(count);
      count = 0;
      recordHasText = false;
      continue;
    }
    if (char !== ' ') recordHasText = true;
  }
  // A quote left open ends a whole file badly; in a cut read it is a many-line cell the cut went through.
  if (quoted && complete) return false;
  if (!quoted && (recordHasText || count > 0)) counts.push(count);
  return counts.length >= 2 && counts[0]! > 0 && counts.every((value) => value === counts[0]);
}
