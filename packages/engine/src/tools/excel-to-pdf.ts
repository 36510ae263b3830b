import { open } from 'node:fs/promises';
import { DELIMITED_SNIFF_BYTES, delimitedLayout } from '@paperknife/catalog/delimited-text';
import { ToolError } from '@paperknife/catalog/errors';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';
import { officeToPdf } from '../office/office-to-pdf.js';
import { pdfExport } from '../office/pdf-export.js';
import type { OfficeConversion } from '../programs/libreoffice.js';

/** LibreOffice's character set numbers (rtl_TextEncoding). */
const UTF8 = 76;
const WINDOWS_1252 = 1;

/**
 * Spreadsheets (.xlsx, .xls, .ods, .csv) to PDF, every sheet, through the warm LibreOffice instance. With
 * `onePagePerSheet`, Calc's PDF export sizes one page to each sheet's used area (SinglePageSheets), so wide
 * sheets keep their columns together instead of spreading over many printed pages.
 */
export const excelToPdf: ToolRunner<'excel-to-pdf'> = async (files, options, context) => {
  const target = pdfExport('calc_pdf_Export', options.onePagePerSheet ? { SinglePageSheets: true } : {});
  return officeToPdf(
    requireOneFile(files),
    {
      tool: 'excel-to-pdf',
      accepted: ['xlsx', 'xls', 'ods', 'csv', 'encrypted-office'],
      conversion: async (type, path) => ({
        target,
        ...(type === 'csv' ? { importFilter: await csvImportFilter(path) } : {}),
        damagedMessage:
          'This spreadsheet is damaged and could not be opened. Save it again from your spreadsheet program and try again.',
      }),
      encryptedMessage:
        'This spreadsheet is password-protected: open it in Excel, remove the password, save it and try again.',
    },
    context,
  );
};

/**
 * Calc's CSV import with the separator and character set read from the file, so LibreOffice's type detection
 * never takes the text for something else: separator, text delimiter ("), character set, first line.
 */
async function csvImportFilter(path: string): Promise<OfficeConversion['importFilter']> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const start = Buffer.alloc(Math.min(size, DELIMITED_SNIFF_BYTES));
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    const layout = delimitedLayout(start.subarray(0, bytesRead), bytesRead === size);
    if (!layout) throw new ToolError('unsupported_file_type');
    const charset = layout.utf8 ? UTF8 : WINDOWS_1252;
    return `Text - txt - csv (StarCalc):${layout.separator.charCodeAt(0)},34,${charset},1`;
  } finally {
    await handle.close();
  }
}
