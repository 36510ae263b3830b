import { readFile } from 'node:fs/promises';
import { delimitedLayout } from '@paperknife/catalog/delimited-text';
import { ToolError } from '@paperknife/catalog/errors';
import type { FormValue, FormValues } from '@paperknife/catalog/pdf-form-fields';
import { MAX_FORM_ROWS } from '@paperknife/catalog/tools/fill-pdf';

const rowsError = (message: string) => new ToolError('invalid_option', message);

/**
 * The rows of a bulk fill, from the data file: a JSON array of objects (field name -> value), or a CSV whose
 * header row names the fields (comma, semicolon or tab separated, UTF-8 or Windows-1252 as Excel writes it).
 */
export async function readFormRows(path: string): Promise<FormValues[]> {
  const bytes = await readFile(path);
  const text = decode(bytes);
  const rows = /^\s*[[{]/.test(text) ? jsonRows(text) : csvRows(text, bytes);
  if (rows.length === 0) throw rowsError('The rows file holds no rows: add one row of values per filled form.');
  if (rows.length > MAX_FORM_ROWS) {
    throw rowsError(`The rows file holds ${rows.length} rows; one request fills at most ${MAX_FORM_ROWS}.`);
  }
  return rows;
}

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function jsonRows(text: string): FormValues[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw rowsError('The rows file is not valid JSON: give an array of objects such as [{"name": "Ada"}].');
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.map((row, index) => {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      throw rowsError(`Row ${index + 1} of the rows file is not an object of field names and values.`);
    }
    const entries = Object.entries(row as Record<string, unknown>).map(([name, value]): [string, FormValue] => {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [name, value];
      if (value === null) return [name, ''];
      throw rowsError(`Row ${index + 1}: the value of "${name}" must be text, a number or true/false.`);
    });
    return Object.fromEntries(entries);
  });
}

function csvRows(text: string, bytes: Buffer): FormValues[] {
  const layout = delimitedLayout(bytes.subarray(0, 16 * 1024), bytes.length <= 16 * 1024);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator =
    layout?.separator ?? ([';', '\t', ','] as const).find((candidate) => firstLine.includes(candidate)) ?? ',';
  const [header, ...records] = parseDelimited(text.replace(/^\uFEFF/, ''), separator);
  if (!header || header.every((cell) => cell.trim() === '')) {
    throw rowsError('The rows file is empty: its first line must name the form fields.');
  }
  const names = header.map((cell) => cell.trim());
  return records
    .filter((record) => record.some((cell) => cell.trim() !== ''))
    .map((record) => Object.fromEntries(names.flatMap((name, column) => (name ? [[name, record[column] ?? '']] : []))));
}

/** RFC 4180 records: quoted cells may hold separators, line breaks and doubled quotes. */
export function parseDelimited(text: string, separator: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      record.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}
