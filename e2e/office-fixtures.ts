import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { presentationPptx, workbookXlsx } from '../packages/engine/src/testing/office-fixtures.js';
import { fixtureDir } from './tool-fixtures.js';

/** Spreadsheets and presentations the browser tests drop on the office tools' pages, written fresh for the run. */

export function officeFixture(name: string, bytes: Buffer): string {
  const path = join(fixtureDir, name);
  writeFileSync(path, bytes);
  return path;
}

/** An .xlsx with one sheet of these text cells. */
export function xlsxFixture(name: string, rows: readonly (readonly string[])[]): string {
  return officeFixture(name, workbookXlsx('Sheet 1', rows));
}

/** A .pptx with one slide per text. */
export function pptxFixture(name: string, slides: readonly string[]): string {
  return officeFixture(name, presentationPptx(slides));
}
