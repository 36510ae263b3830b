import { ToolError } from '@paperknife/catalog/errors';
import type { PageRect, RedactionPreset } from '@paperknife/catalog/redaction';

/**
 * What Redact PDF looks for, as regular expressions over a page's text, and where each match lies. Pure: the
 * worker task reads the page's characters with MuPDF and hands them here.
 */

export interface RedactionSearch {
  search?: string | undefined;
  regex: boolean;
  caseSensitive: boolean;
  presets: readonly RedactionPreset[];
}

/** A page's text as one string, with the rectangle of every UTF-16 unit (null for the spaces we put between lines). */
export interface PageText {
  text: string;
  rects: (PageRect | null)[];
  /** The line each unit belongs to, so a match over a line break gets one rectangle per line. */
  lines: number[];
}

export interface TextMatch {
  start: number;
  end: number;
  text: string;
}

interface Pattern {
  regex: RegExp;
  /** A second look at a match the expression alone cannot judge (check digits, digit counts). */
  accepts?: (match: string) => boolean;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The Luhn check digit of card numbers. */
function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** ISO 13616: the country code and check digits moved to the end, letters as numbers, modulo 97 is 1. */
function ibanValid(match: string): boolean {
  const iban = match.replace(/\s/g, '').toUpperCase();
  if (iban.length < 15 || iban.length > 34) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const value = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const months =
  'Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|Jun(?:e)?|Jul(?:y)?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?';

export const presetPatterns: Readonly<Record<RedactionPreset, Pattern>> = {
  email: { regex: /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu },
  phone: {
    regex:
      /(?<![\p{L}\p{N}])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,5}\)[ .-]?)?\d{2,5}(?:[ ./-]?\d{2,5}){1,4}(?![\p{L}\p{N}])/gu,
    accepts: (match) => {
      const digits = digitsOf(match).length;
      // Dates and amounts look like numbers too: a phone number has 7 to 15 digits and no date shape.
      return digits >= 7 && digits <= 15 && !/^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/.test(match);
    },
  },
  iban: {
    regex: /(?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?(?![\p{L}\p{N}])/gu,
    accepts: ibanValid,
  },
  card: {
    regex: /(?<![\p{L}\p{N}])\d(?:[ -]?\d){12,18}(?![\p{L}\p{N}])/gu,
    accepts: (match) => luhnValid(digitsOf(match)),
  },
  date: {
    regex: new RegExp(
      [
        String.raw`\d{4}-\d{1,2}-\d{1,2}`,
        String.raw`\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})`,
        String.raw`\d{1,2}\.? (?:${months})\.?,? \d{4}`,
        String.raw`(?:${months})\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}`,
      ]
        .map((form) => `(?<![\\p{L}\\p{N}])${form}(?![\\p{L}\\p{N}])`)
        .join('|'),
      'giu',
    ),
  },
};

/** Typed words: their letters as typed, any run of spaces matching any space or line break between them. */
function wordsPattern(search: string): string {
  return search
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
}

/** The expressions of a search: the typed words or expression, then each preset. */
export function searchPatterns(search: RedactionSearch): Pattern[] {
  const patterns: Pattern[] = [];
  const typed = search.search?.trim();
  if (typed) {
    const source = search.regex ? typed : wordsPattern(typed);
    try {
      patterns.push({ regex: new RegExp(source, `gu${search.caseSensitive ? '' : 'i'}`) });
    } catch (error) {
      throw new ToolError(
        'invalid_option',
        `The regular expression is not valid: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}`,
      );
    }
  }
  for (const preset of search.presets) patterns.push(presetPatterns[preset]!);
  return patterns;
}

/** Every match of the patterns in `text`, in order, empty matches skipped. */
export function findMatches(text: string, patterns: readonly Pattern[]): TextMatch[] {
  const found: TextMatch[] = [];
  for (const { regex, accepts } of patterns) {
    regex.lastIndex = 0;
    for (const match of text.matchAll(regex)) {
      const value = match[0];
      if (value.trim() === '' || (accepts && !accepts(value))) continue;
      found.push({ start: match.index, end: match.index + value.length, text: value.trim() });
    }
  }
  return found.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** A hyphen that ends a line: ASCII, soft (U+00AD) or Unicode (U+2010). */
const LINE_END_HYPHEN = /[-\u00ad\u2010]/;

/**
 * The page's text with each word hyphenated over a line break joined again ("Trace-" + "Monkey"), as pdftotext
 * reads it, and where each of its units lies in the page's text.
 */
function joinedHyphenation(page: PageText): { text: string; at: number[] } | undefined {
  const { text, lines } = page;
  let joined = '';
  const at: number[] = [];
  let found = false;
  for (let i = 0; i < text.length; i++) {
    const breaks =
      LINE_END_HYPHEN.test(text[i]!) &&
      /\p{L}/u.test(text[i - 1] ?? '') &&
      page.rects[i + 1] === null &&
      /\s/.test(text[i + 1] ?? '') &&
      /\p{L}/u.test(text[i + 2] ?? '') &&
      lines[i] !== lines[i + 2];
    if (breaks) {
      found = true;
      i++;
      continue;
    }
    joined += text[i];
    at.push(i);
  }
  return found ? { text: joined, at } : undefined;
}

/**
 * Every match of the patterns in a page's text, and also in the text with its line-end hyphenation joined (a
 * search for "TraceMonkey" finds "TraceMon-" + "key", hyphen included), in page-text positions.
 */
export function findPageMatches(page: PageText, patterns: readonly Pattern[]): TextMatch[] {
  const plain = findMatches(page.text, patterns);
  const joined = joinedHyphenation(page);
  if (!joined) return plain;
  const across = findMatches(joined.text, patterns).flatMap((match) => {
    const start = joined.at[match.start]!;
    const end = joined.at[match.end - 1]! + 1;
    // Only matches that span a joined hyphen are new; the rest are the plain text's own.
    return end - start > match.end - match.start ? [{ ...match, start, end }] : [];
  });
  return [...plain, ...across].sort((a, b) => a.start - b.start || b.end - a.end);
}

/** The rectangles a stretch of page text covers: one per line, around its characters. */
export function rectsOf(page: PageText, start: number, end: number): PageRect[] {
  const byLine = new Map<number, PageRect>();
  for (let i = start; i < end; i++) {
    const rect = page.rects[i];
    if (!rect) continue;
    const line = page.lines[i]!;
    const union = byLine.get(line);
    byLine.set(
      line,
      union
        ? [
            Math.min(union[0], rect[0]),
            Math.min(union[1], rect[1]),
            Math.max(union[2], rect[2]),
            Math.max(union[3], rect[3]),
          ]
        : [...rect],
    );
  }
  return [...byLine.values()];
}

/** Up to `size` characters of context on each side of a match, within its block of text. */
export function contextOf(text: string, start: number, end: number, size = 40): { before: string; after: string } {
  const clean = (part: string) => part.replace(/\s+/g, ' ');
  const before = text.slice(Math.max(0, start - size), start);
  const after = text.slice(end, end + size);
  return {
    before: clean(before.slice(before.lastIndexOf('\n') + 1)).trimStart(),
    after: clean(after.split('\n', 1)[0]!).trimEnd(),
  };
}

/** The whole words (two characters or more) whose every character lies inside `box`. */
export function wordsInside(page: PageText, box: PageRect): string[] {
  const words: string[] = [];
  for (const match of page.text.matchAll(/\S{2,}/gu)) {
    let inside = true;
    for (let i = match.index; i < match.index + match[0].length && inside; i++) {
      const rect = page.rects[i];
      if (!rect) continue;
      const cx = (rect[0] + rect[2]) / 2;
      const cy = (rect[1] + rect[3]) / 2;
      inside = cx >= box[0] && cx <= box[2] && cy >= box[1] && cy <= box[3];
    }
    if (inside) words.push(match[0]);
  }
  return words;
}

/** Turns a string into its redacted form, or undefined when nothing in it is redacted. */
export type Scrub = (value: string) => string | undefined;

/**
 * A string with every occurrence of the redacted strings (any case) and every match of the search removed, each
 * replaced by one full block; undefined when nothing in it was redacted.
 */
export function scrubbed(value: string, strings: readonly string[], patterns: readonly Pattern[]): string | undefined {
  let result = value;
  for (const text of strings) {
    if (text.trim() === '') continue;
    result = result.replace(new RegExp(wordsPattern(text.trim()), 'giu'), REPLACEMENT);
  }
  for (const { regex, accepts } of patterns) {
    result = result.replace(regex, (match) => (accepts && !accepts(match) ? match : REPLACEMENT));
  }
  return result === value ? undefined : result;
}

/** What a redacted string becomes in bookmarks, metadata and notes: one block, which says nothing of its length. */
export const REPLACEMENT = '\u2588';
