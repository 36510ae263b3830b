import { describe, expect, it } from 'vitest';
import { cellValue, documentLocale } from './cell-values.js';

const english = { decimal: '.', dayFirst: false } as const;
const german = { decimal: ',', dayFirst: true } as const;

describe('documentLocale', () => {
  it('reads the decimal mark and day order from the cells that tell them apart', () => {
    expect(documentLocale(['1,234.50', '12', '3/14/2024', 'Total'])).toEqual({ decimal: '.', dayFirst: false });
    expect(documentLocale(['1.234,50', '12,5', '14/03/2024'])).toEqual({ decimal: ',', dayFirst: true });
    expect(documentLocale(['0,75', '2,5'])).toEqual({ decimal: ',', dayFirst: true });
  });
});

describe('cellValue', () => {
  it('keeps text, codes with leading zeros and over-long digit runs as text', () => {
    expect(cellValue('North region', english)).toEqual({ kind: 'text', text: 'North region' });
    expect(cellValue('007', english)).toEqual({ kind: 'text', text: '007' });
    expect(cellValue('1234567890123456', english).kind).toBe('text');
    expect(cellValue('12-34-56-78', english).kind).toBe('text');
  });

  it('reads numbers with the document’s separators', () => {
    expect(cellValue('1,234,567.89', english)).toEqual({ kind: 'number', value: 1234567.89, format: '#,##0.00' });
    expect(cellValue('1.234.567,89', german)).toEqual({ kind: 'number', value: 1234567.89, format: '#,##0.00' });
    expect(cellValue('1 234,5', german)).toEqual({ kind: 'number', value: 1234.5, format: '#,##0.0' });
    expect(cellValue('2024', english)).toEqual({ kind: 'number', value: 2024, format: '0' });
    expect(cellValue('1.5', german)).toEqual({ kind: 'number', value: 1.5, format: '#,##0.0' });
  });

  it('reads negatives, percentages and amounts with their currency', () => {
    expect(cellValue('(1,200)', english)).toEqual({ kind: 'number', value: -1200, format: '#,##0;(#,##0)' });
    expect(cellValue('−42', english)).toEqual({ kind: 'number', value: -42, format: '#,##0' });
    expect(cellValue('12.5%', english)).toEqual({ kind: 'number', value: 0.125, format: '0.0%' });
    expect(cellValue('-€3.20', english)).toEqual({ kind: 'number', value: -3.2, format: '"€"#,##0.00' });
    expect(cellValue('1.000,00 €', german)).toEqual({ kind: 'number', value: 1000, format: '#,##0.00 "€"' });
    expect(cellValue('USD 5', english)).toEqual({ kind: 'number', value: 5, format: '"USD"#,##0' });
  });

  it('reads the accounting format’s dash beside a currency as zero, shown as the dash again', () => {
    expect(cellValue('$  -', english)).toEqual({ kind: 'number', value: 0, format: '"$"#,##0;-"$"#,##0;"$  -"' });
    expect(cellValue('- €', german)).toEqual({ kind: 'number', value: 0, format: '#,##0 "€";-#,##0 "€";"-  €"' });
    expect(cellValue('-', english)).toEqual({ kind: 'text', text: '-' });
  });

  it('reads dates as Excel serial days in the document’s day order', () => {
    expect(cellValue('2024-03-15', english)).toEqual({ kind: 'number', value: 45366, format: 'yyyy-mm-dd' });
    expect(cellValue('03/04/2024', english)).toEqual({ kind: 'number', value: 45355, format: 'mm/dd/yyyy' });
    expect(cellValue('03/04/2024', german)).toEqual({ kind: 'number', value: 45385, format: 'dd/mm/yyyy' });
    expect(cellValue('31.02.2024', german).kind).toBe('text');
  });
});
