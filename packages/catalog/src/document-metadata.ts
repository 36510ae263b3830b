/**
 * The document properties Edit metadata reads and writes: one list of fields, by option name, with the Info
 * dictionary key each is stored under. The engine writes them (and keeps the XMP packet in agreement), the page
 * reads them from the dropped file to show the current values; both go by this list.
 */

export const metadataTextFields = ['title', 'author', 'subject', 'keywords', 'creator', 'producer'] as const;
export const metadataDateFields = ['creationDate', 'modDate'] as const;
export const metadataFields = [...metadataTextFields, ...metadataDateFields] as const;
export type MetadataField = (typeof metadataFields)[number];

/** The Info dictionary's key of each field. */
export const infoKeys = {
  title: 'Title',
  author: 'Author',
  subject: 'Subject',
  keywords: 'Keywords',
  creator: 'Creator',
  producer: 'Producer',
  creationDate: 'CreationDate',
  modDate: 'ModDate',
} as const satisfies Record<MetadataField, string>;

/** The dates the options take: a day, or a day and time with an optional zone (ISO 8601). */
export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?)?$/;

/** A date as the options take it, as a PDF date string (`D:20240531143000+02'00'`), or undefined if it is none. */
export function pdfDateFromIso(value: string): string | undefined {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour = '00', minute = '00', second = '00', zone] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute)));
  const valid =
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60;
  if (!valid) return undefined;
  const offset = zone === undefined ? '' : zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}'${zone.slice(4)}'`;
  return `D:${year}${month}${day}${hour}${minute}${second}${offset}`;
}

/**
 * A PDF date string (`D:YYYYMMDDHHmmSSOHH'mm'`, every part after the year optional) in the options' form
 * (`2024-05-31T14:30:00+02:00`), or undefined when it does not read as a date.
 */
export function isoFromPdfDate(value: string): string | undefined {
  const match = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?(?:\d{2}'?)?)?/.exec(
    value.trim(),
  );
  if (!match) return undefined;
  const [, year, month = '01', day = '01', hour, minute = '00', second = '00', zone] = match;
  const dayPart = `${year}-${month}-${day}`;
  if (hour === undefined) return pdfDateFromIso(dayPart) ? dayPart : undefined;
  const digits = zone?.replace(/'/g, '');
  const offset =
    digits === undefined ? '' : digits === 'Z' ? 'Z' : `${digits.slice(0, 3)}:${digits.slice(3, 5) || '00'}`;
  const iso = `${dayPart}T${hour}:${minute}:${second}${offset}`;
  return pdfDateFromIso(iso) ? iso : undefined;
}
