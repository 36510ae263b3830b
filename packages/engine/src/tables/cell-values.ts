/**
 * Cell text as spreadsheet values: numbers as numbers (thousand separators and decimal commas as the document
 * writes them), percentages, amounts with their currency, dates as dates, each with a number format that shows
 * it as the PDF did; anything else stays text. The document's conventions are read from all its cells at once
 * (documentLocale), since "1,234" alone could be either.
 */

export type CellValue =
  | { kind: 'text'; text: string }
  /** `format`: an Excel number format code ("#,##0.00", "0.0%", "yyyy-mm-dd"). */
  | { kind: 'number'; value: number; format: string };

export interface NumberLocale {
  /** The decimal separator the document writes. */
  decimal: '.' | ',';
  /** Whether 03/04/2024 is the 3rd of April. */
  dayFirst: boolean;
}

const CURRENCY_SYMBOLS = '$€£¥₹₩₽₺₫฿₪₴₦₱';
const CURRENCY_CODES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CNY', 'CAD', 'AUD', 'SEK', 'NOK', 'DKK', 'PLN', 'INR'];
const CURRENCY = `[${CURRENCY_SYMBOLS}]|${CURRENCY_CODES.join('|')}`;
const MINUS = '[-−–]';
/** Group separators either convention may use besides the other's decimal mark. */
const SPACES = /[\s\u00a0\u2009\u202f']/g;

const NUMBER = new RegExp(
  `^(?<open>\\()?(?<lead>${MINUS})?(?:(?<before>${CURRENCY})\\s?)?(?<sign>${MINUS})?(?<digits>\\d[\\d.,\\s\\u00a0\\u2009\\u202f']*)` +
    `(?:\\s?(?<after>${CURRENCY}|%))?(?<trail>${MINUS})?(?<close>\\))?$`,
  'u',
);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})$/;

/** The document's decimal mark and day order, voted by the cells that tell them apart. */
export function documentLocale(texts: Iterable<string>): NumberLocale {
  let comma = 0;
  let dot = 0;
  let dayFirst = 0;
  let monthFirst = 0;
  for (const raw of texts) {
    const text = raw.trim();
    // 1,234.56 or 1.234,56: the last mark is the decimal one.
    const both = /\d[.,]\d{3}.*?([.,])\d+$/.exec(text);
    if (both && /\d,\d{3}\.\d/.test(text)) dot++;
    else if (both && /\d\.\d{3},\d/.test(text)) comma++;
    // 12,5 or 3,14: a comma before one, two or four digits is a decimal comma.
    else if (/(?:^|[^\d.,])\d+,(?:\d{1,2}|\d{4,})(?:$|[^\d.,])/.test(text)) comma++;
    else if (/(?:^|[^\d.,])\d+\.(?:\d{1,2}|\d{4,})(?:$|[^\d.,])/.test(text) && !DATE.test(text)) dot++;
    const date = DATE.exec(text);
    if (date) {
      if (Number(date[1]) > 12) dayFirst++;
      else if (Number(date[3]) > 12) monthFirst++;
      else if (date[2] === '.') dayFirst++;
    }
  }
  const decimal = comma > dot ? ',' : '.';
  return { decimal, dayFirst: dayFirst > monthFirst || (dayFirst === monthFirst && decimal === ',') };
}

/** Days from Excel's day 0 (1899-12-30, past its 1900 leap-year slip) to a date. */
function serial(year: number, month: number, day: number): number | undefined {
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return Math.round((time - Date.UTC(1899, 11, 30)) / 86_400_000);
}

function dateValue(text: string, locale: NumberLocale): CellValue | undefined {
  const iso = ISO_DATE.exec(text);
  if (iso) {
    const value = serial(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return value === undefined ? undefined : { kind: 'number', value, format: 'yyyy-mm-dd' };
  }
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [, first, mark, second, yearText] = match as unknown as [string, string, string, string, string];
  const dayFirst = mark === '.' || locale.dayFirst;
  const [day, month] = dayFirst ? [Number(first), Number(second)] : [Number(second), Number(first)];
  const year = yearText.length === 2 ? 2000 + Number(yearText) - (Number(yearText) > 69 ? 100 : 0) : Number(yearText);
  const value = serial(year, month, day);
  if (value === undefined) return undefined;
  const pad = (part: string, letter: string) => letter.repeat(Math.max(part.length, 1) > 1 ? 2 : 1);
  const dayPart = pad(dayFirst ? first : second, 'd');
  const monthPart = pad(dayFirst ? second : first, 'm');
  const yearPart = yearText.length === 2 ? 'yy' : 'yyyy';
  const parts = dayFirst ? [dayPart, monthPart, yearPart] : [monthPart, dayPart, yearPart];
  return { kind: 'number', value, format: parts.join(mark === '-' ? '\\-' : mark === '.' ? '\\.' : '/') };
}

/** The digits of a number as written, with their grouping and decimals, or undefined when they are no number. */
function readDigits(
  raw: string,
  locale: NumberLocale,
): { value: number; decimals: number; grouped: boolean } | undefined {
  const digits = raw.trim();
  const group = locale.decimal === '.' ? ',' : '.';
  let body = digits.replace(SPACES, '\u0000');
  let grouped = body.includes('\u0000');
  let decimalMark: string = locale.decimal;
  // One kind of mark that cannot group (not threes after it): the other convention's decimal ("1.5" in a
  // document of decimal commas).
  if (
    !body.includes(locale.decimal) &&
    body.includes(group) &&
    !new RegExp(`^\\d{1,3}(?:\\${group}\\d{3})+$`).test(body)
  ) {
    if (body.split(group).length !== 2) return undefined;
    decimalMark = group;
  }
  const groupMark = decimalMark === '.' ? ',' : '.';
  const [whole = '', fraction, extra] = body.split(decimalMark);
  if (extra !== undefined) return undefined;
  const groups = whole.split(new RegExp(`[\\${groupMark}\\u0000]`));
  if (groups.length > 1) {
    grouped = true;
    if (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((part) => !/^\d{3}$/.test(part))) return undefined;
  }
  const integer = groups.join('');
  if (!/^\d+$/.test(integer) || (fraction !== undefined && !/^\d+$/.test(fraction))) return undefined;
  // Leading zeros (codes, postcodes) and more digits than a double keeps are text.
  if (integer.length > 1 && integer.startsWith('0')) return undefined;
  if (integer.length + (fraction?.length ?? 0) > 15) return undefined;
  body = fraction === undefined ? integer : `${integer}.${fraction}`;
  return { value: Number(body), decimals: fraction?.length ?? 0, grouped };
}

const quoted = (text: string) => `"${text.replace(/"/g, '')}"`;

/** A currency and a dash: how the accounting format shows zero ("$ -", "- €"). */
const ACCOUNTING_ZERO = new RegExp(`^(?:(?<before>${CURRENCY})\\s*${MINUS}|${MINUS}\\s*(?<after>${CURRENCY}))$`, 'u');

/** A cell's text as a value with its format, or as text when it is no number, percentage, amount or date. */
export function cellValue(raw: string, locale: NumberLocale): CellValue {
  const text = raw.replace(/\s+/g, ' ').trim();
  const zero = ACCOUNTING_ZERO.exec(text)?.groups;
  if (zero) {
    // Shown again as the dash: the format's third section is for zero.
    const symbol = zero.before ?? zero.after!;
    const shown = zero.before ? `${quoted(symbol)}#,##0` : `#,##0 ${quoted(symbol)}`;
    const dash = quoted(zero.before ? `${symbol}  -` : `-  ${symbol}`);
    return { kind: 'number', value: 0, format: `${shown};-${shown};${dash}` };
  }
  if (text === '' || !/\d/.test(text)) return { kind: 'text', text };
  const date = dateValue(text, locale);
  if (date) return date;
  const match = NUMBER.exec(text);
  const groups = match?.groups;
  if (!groups) return { kind: 'text', text };
  const minuses = [groups.lead, groups.sign, groups.trail].filter(Boolean).length;
  const brackets = Boolean(groups.open) || Boolean(groups.close);
  if (minuses > 1 || Boolean(groups.open) !== Boolean(groups.close)) return { kind: 'text', text };
  const read = readDigits(groups.digits!, locale);
  if (!read) return { kind: 'text', text };
  const negative = minuses === 1 || brackets;
  const percent = groups.after === '%';
  const currency = groups.before ?? (percent ? undefined : groups.after);
  // Grouping shows only from 1,000 up: smaller numbers share the grouped format of their column's larger ones,
  // while a large number written without separators (a year, a code) keeps showing none.
  let format = `${read.grouped || (read.value < 1000 && !percent) ? '#,##0' : '0'}${read.decimals > 0 ? `.${'0'.repeat(read.decimals)}` : ''}`;
  if (percent) format += '%';
  if (currency) format = groups.before ? `${quoted(currency)}${format}` : `${format} ${quoted(currency)}`;
  if (brackets) format = `${format};(${format})`;
  const value = (negative ? -read.value : read.value) / (percent ? 100 : 1);
  return { kind: 'number', value: percent ? Number(value.toPrecision(15)) : value, format };
}
