import { ToolError } from '@paperknife/catalog/errors';
import {
  type FormField,
  type FormValue,
  type FormValues,
  checkedWords,
  fillableFieldTypes,
  uncheckedWords,
} from '@paperknife/catalog/pdf-form-fields';

/**
 * What each given value becomes in its field, checked against the field's kind: the text to set, or the state a
 * checkbox or radio group takes (`Off`). A value that does not fit is refused naming the field (and the row of a
 * bulk fill), before anything is written. Pure: the worker applies the result.
 */

/** One field's new value, as the engine sets it. */
export interface FieldAssignment {
  name: string;
  value: string;
}

export function assignValues(fields: readonly FormField[], values: FormValues, row?: number): FieldAssignment[] {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const where = row === undefined ? '' : `Row ${row}: `;
  return Object.entries(values).map(([name, value]) => {
    const field = byName.get(name);
    if (!field) {
      throw new ToolError('invalid_field_value', `${where}This form has no field named "${name}".`);
    }
    try {
      return { name, value: fieldValue(field, value) };
    } catch (error) {
      if (error instanceof ToolError) throw new ToolError(error.code, `${where}${error.message}`);
      throw error;
    }
  });
}

function refuse(field: FormField, why: string): ToolError {
  return new ToolError('invalid_field_value', `The field "${field.name}" ${why}`);
}

function fieldValue(field: FormField, value: FormValue): string {
  if (!fillableFieldTypes.includes(field.type)) throw refuse(field, `is a ${field.type} and cannot be filled.`);
  if (field.readOnly) throw refuse(field, 'is read-only.');
  const text = String(value).trim();
  switch (field.type) {
    case 'checkbox': {
      const word = text.toLowerCase();
      const on = field.options[0] ?? 'Yes';
      if (text === on || checkedWords.includes(word)) return on;
      if (uncheckedWords.includes(word)) return 'Off';
      throw refuse(field, `is a checkbox: give true or false, not "${text}".`);
    }
    case 'radio':
    case 'list':
    case 'combo': {
      if (text === '' || (field.type === 'radio' && text === 'Off')) return field.type === 'radio' ? 'Off' : '';
      if (field.options.includes(text)) return text;
      if (field.type === 'combo' && field.editable) return limitLength(field, String(value));
      throw refuse(field, `takes one of ${field.options.map((option) => `"${option}"`).join(', ')}, not "${text}".`);
    }
    case 'date':
      return limitLength(field, formatDate(field, String(value)));
    default:
      return limitLength(field, String(value));
  }
}

function limitLength(field: FormField, text: string): string {
  if (field.maxLength !== undefined && field.maxLength > 0 && [...text].length > field.maxLength) {
    throw refuse(field, `holds at most ${field.maxLength} characters; "${text}" has ${[...text].length}.`);
  }
  return text;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * An ISO date (2024-03-09) written in the field's own format (`dd/mm/yyyy`, `mmm d, yyyy`), as the form's script
 * would show it; anything else is taken as already written the form's way.
 */
export function formatDate(field: Pick<FormField, 'format'>, value: string): string {
  const match = ISO_DATE.exec(value.trim());
  if (!match || !field.format) return value;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const tokens: Record<string, string> = {
    yyyy: String(year),
    yy: String(year % 100).padStart(2, '0'),
    mmmm: MONTHS[month - 1] ?? '',
    mmm: (MONTHS[month - 1] ?? '').slice(0, 3),
    mm: String(month).padStart(2, '0'),
    m: String(month),
    dd: String(day).padStart(2, '0'),
    d: String(day),
  };
  return field.format.replace(/yyyy|yy|mmmm|mmm|mm|m|dd|d/g, (token) => tokens[token] ?? token);
}
