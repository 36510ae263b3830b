import { writeZip } from '../jobs/zip-output.js';
import type { CellValue } from './cell-values.js';

/**
 * A minimal Office Open XML workbook (.xlsx) written by hand: sheets of typed cells (text inline, numbers with
 * their number formats), merged ranges and column widths; no shared strings, themes or drawings, which readers
 * do without.
 */

export interface SheetCell {
  /** 0-based. */
  row: number;
  column: number;
  value: CellValue;
}

export interface SheetMerge {
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
}

export interface WorkbookSheet {
  name: string;
  cells: SheetCell[];
  merges: SheetMerge[];
  /** Column widths in points, from the left; columns past the list keep the default width. */
  columnWidths: number[];
}

/** Points per unit of Excel's column width (the width of a digit of 11 pt Calibri, 7 px at 96 dpi), and padding. */
const POINTS_PER_WIDTH_UNIT = 5.25;
const MAX_COLUMN_WIDTH = 255;

// Characters XML 1.0 cannot hold, even escaped.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const escape = (text: string) =>
  text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A column's letters: A..Z, AA.. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const reference = (row: number, column: number) => `${columnName(column)}${row + 1}`;

/** Sheet names as Excel takes them: at most 31 characters, none of : \ / ? * [ ], unique ignoring case. */
function sheetNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const base =
      name
        .replace(/[:\\/?*[\]]/g, ' ')
        .trim()
        .slice(0, 31) || 'Sheet';
    let candidate = base;
    for (let n = 2; used.has(candidate.toLowerCase()); n++)
      candidate = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

function sheetXml(sheet: WorkbookSheet, styleOf: (format: string) => number): string {
  const rows = new Map<number, SheetCell[]>();
  for (const cell of sheet.cells) {
    const row = rows.get(cell.row);
    if (row) row.push(cell);
    else rows.set(cell.row, [cell]);
  }
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n',
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">',
  ];
  if (sheet.columnWidths.length > 0) {
    parts.push('<cols>');
    sheet.columnWidths.forEach((points, index) => {
      const width = Math.min(
        MAX_COLUMN_WIDTH,
        Math.max(2, Math.round((points / POINTS_PER_WIDTH_UNIT + 1) * 100) / 100),
      );
      parts.push(`<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`);
    });
    parts.push('</cols>');
  }
  parts.push('<sheetData>');
  for (const [row, cells] of [...rows].sort((a, b) => a[0] - b[0])) {
    parts.push(`<row r="${row + 1}">`);
    for (const cell of cells.sort((a, b) => a.column - b.column)) {
      const at = reference(cell.row, cell.column);
      const { value } = cell;
      if (value.kind === 'number') {
        const style = styleOf(value.format);
        parts.push(`<c r="${at}"${style ? ` s="${style}"` : ''}><v>${value.value}</v></c>`);
      } else if (value.text !== '') {
        parts.push(`<c r="${at}" t="inlineStr"><is><t xml:space="preserve">${escape(value.text)}</t></is></c>`);
      }
    }
    parts.push('</row>');
  }
  parts.push('</sheetData>');
  const merges = sheet.merges.filter((merge) => merge.rowSpan > 1 || merge.columnSpan > 1);
  if (merges.length > 0) {
    parts.push(`<mergeCells count="${merges.length}">`);
    for (const merge of merges) {
      const end = reference(merge.row + merge.rowSpan - 1, merge.column + merge.columnSpan - 1);
      parts.push(`<mergeCell ref="${reference(merge.row, merge.column)}:${end}"/>`);
    }
    parts.push('</mergeCells>');
  }
  parts.push('</worksheet>');
  return parts.join('');
}

/** The workbook written to `output` as an .xlsx. */
export async function writeWorkbook(sheets: readonly WorkbookSheet[], output: string): Promise<void> {
  // Number formats by code, numbered from 164 (below are Excel's built-in ones); style 0 is the default.
  const formats = new Map<string, number>();
  const styleOf = (format: string) => {
    if (format === 'General') return 0;
    let index = formats.get(format);
    if (index === undefined) formats.set(format, (index = formats.size + 1));
    return index;
  };
  const names = sheetNames(sheets.map((sheet) => sheet.name));
  const sheetFiles = sheets.map((sheet) => sheetXml(sheet, styleOf));
  const header = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const relationships = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const officeRelationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const contentTypes =
    `${header}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    sheets
      .map(
        (_, index) =>
          `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join('') +
    '</Types>';
  const rootRels =
    `${header}<Relationships xmlns="${relationships}">` +
    `<Relationship Id="rId1" Type="${officeRelationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const workbook =
    `${header}<workbook xmlns="${main}" xmlns:r="${officeRelationships}"><sheets>` +
    names
      .map((name, index) => `<sheet name="${escape(name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
      .join('') +
    '</sheets></workbook>';
  const workbookRels =
    `${header}<Relationships xmlns="${relationships}">` +
    sheets
      .map(
        (_, index) =>
          `<Relationship Id="rId${index + 1}" Type="${officeRelationships}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
      )
      .join('') +
    `<Relationship Id="rId${sheets.length + 1}" Type="${officeRelationships}/styles" Target="styles.xml"/>` +
    '</Relationships>';
  const numberFormats = [...formats.keys()];
  const styles =
    `${header}<styleSheet xmlns="${main}">` +
    (numberFormats.length > 0
      ? `<numFmts count="${numberFormats.length}">${numberFormats
          .map((code, index) => `<numFmt numFmtId="${164 + index}" formatCode="${escape(code)}"/>`)
          .join('')}</numFmts>`
      : '') +
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${numberFormats.length + 1}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
    numberFormats
      .map(
        (_, index) =>
          `<xf numFmtId="${164 + index}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
      )
      .join('') +
    '</cellXfs></styleSheet>';
  const data = (text: string) => Buffer.from(text, 'utf8');
  await writeZip(output, [
    { name: '[Content_Types].xml', data: data(contentTypes) },
    { name: '_rels/.rels', data: data(rootRels) },
    { name: 'xl/workbook.xml', data: data(workbook) },
    { name: 'xl/_rels/workbook.xml.rels', data: data(workbookRels) },
    { name: 'xl/styles.xml', data: data(styles) },
    ...sheetFiles.map((xml, index) => ({ name: `xl/worksheets/sheet${index + 1}.xml`, data: data(xml) })),
  ]);
}
