import type { LayoutLine, LayoutTextBlock } from '../pdf-to-word/layout-model.js';
import { writePdfObjects } from './make-pdf.js';

/**
 * A PDF for the layout analysis of PDF to Word, written by hand so the test needs no LibreOffice: the shapes real
 * documents have, each in a form whose right reading is known.
 *
 * Pages 1 and 2 (letter) carry a running header ("Annual Report of the Society") and a footer ("Page N") at the
 * same place. Page 1: a full-width title over two columns of wrapped text drawn row by row (as a PDF producer
 * writing lines left and right in turn does), then a full-width footnote linking to a web page. Page 2: a table ruled with stroked lines
 * (3 rows x 3 columns, the first row's last two cells merged, the first column's last two cells merged), then a
 * bulleted list and a bar chart drawn with paths, labelled. Page 3 (A4): an OCR'd scan, a page-sized image with the recognised text drawn invisibly
 * (render mode 3) over it.
 */
export const layoutFixture = {
  header: 'Annual Report of the Society',
  title: 'Membership and Finances',
  left: [
    'The society grew again this year as',
    'new members joined from every region',
    'and the meetings drew larger crowds.',
  ],
  right: [
    'Finances remained sound throughout',
    'the year with income from dues and',
    'donations covering every expense.',
  ],
  footnote: 'Figures are unaudited and may change.',
  /** The footnote links here. */
  link: 'https://example.org/figures',
  table: [
    ['Region', 'Members', ''],
    ['North', '120', '+5'],
    ['', '80', '-2'],
  ],
  bullets: ['First bulleted item', 'Second bulleted item'],
  chartLabel: 'Q1 to Q4',
  scanText: ['Recognised text of the scanned page', 'stays editable in Word.'],
} as const;

const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
const text = (x: number, y: number, value: string, size = 11, font = 'F1') =>
  `BT /${font} ${size} Tf ${x} ${y} Td (${escape(value)}) Tj ET\n`;

const stream = (dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

function runningText(page: number): string {
  return text(72, 750, layoutFixture.header, 9) + text(290, 30, `Page ${page}`, 9);
}

function columnsPage(): string {
  const { title, left, right, footnote } = layoutFixture;
  let content = runningText(1) + text(72, 690, title, 18, 'F2');
  // Row by row: the left line, then the right line at the same height.
  left.forEach((line, index) => {
    content += text(72, 650 - index * 14, line, 11);
    content += text(320, 650 - index * 14, right[index]!, 11);
  });
  content += text(72, 560, footnote, 9);
  return content;
}

function tablePage(): string {
  const { table, bullets } = layoutFixture;
  let content = runningText(2);
  const xs = [72, 220, 370, 520];
  const ys = [700, 680, 660, 640];
  // Horizontal rules: all of the top and bottom, the inner ones except where a merged cell runs through.
  const line = (x0: number, y0: number, x1: number, y1: number) => `${x0} ${y0} m ${x1} ${y1} l S\n`;
  content += '0.5 w\n';
  content += line(xs[0]!, ys[0]!, xs[3]!, ys[0]!);
  content += line(xs[0]!, ys[1]!, xs[3]!, ys[1]!);
  content += line(xs[1]!, ys[2]!, xs[3]!, ys[2]!); // the first column's last two cells are one
  content += line(xs[0]!, ys[3]!, xs[3]!, ys[3]!);
  content += line(xs[0]!, ys[0]!, xs[0]!, ys[3]!);
  content += line(xs[1]!, ys[0]!, xs[1]!, ys[3]!);
  content += line(xs[2]!, ys[1]!, xs[2]!, ys[3]!); // the first row's last two cells are one
  content += line(xs[3]!, ys[0]!, xs[3]!, ys[3]!);
  table.forEach((row, rowIndex) =>
    row.forEach((cell, column) => {
      if (cell !== '') content += text(xs[column]! + 5, ys[rowIndex]! - 14, cell, 10);
    }),
  );
  bullets.forEach((item, index) => {
    content += text(72, 600 - index * 16, '\x95', 11); // WinAnsi bullet
    content += text(90, 600 - index * 16, item, 11);
  });
  // A bar chart: four filled bars on an axis, a label under it.
  content += '0.2 0.4 0.8 rg\n';
  [40, 70, 25, 55].forEach((barHeight, index) => {
    content += `${100 + index * 30} 400 20 ${barHeight} re f\n`;
  });
  content += '0 0 0 RG 1 w 95 400 m 225 400 l S\n';
  content += text(150, 388, layoutFixture.chartLabel, 8);
  return content;
}

/** The whole fixture; the scan is a small gray gradient stretched over the page. */
export function layoutPdf(): Buffer {
  const scanPixels = Buffer.alloc(40 * 56);
  for (let y = 0; y < 56; y++) scanPixels.fill(200 + (y % 40), y * 40, (y + 1) * 40);
  const scanContent =
    'q 595 0 0 842 0 0 cm /Scan Do Q\n' +
    `BT 3 Tr /F1 14 Tf 72 760 Td (${escape(layoutFixture.scanText[0])}) Tj ET\n` +
    `BT 3 Tr /F1 14 Tf 72 742 Td (${escape(layoutFixture.scanText[1])}) Tj ET\n`;
  const fonts = '/Font << /F1 8 0 R /F2 9 0 R >>';
  return writePdfObjects(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R /Resources << ${fonts} >> /Annots [12 0 R] >>`,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 7 0 R /Resources << ${fonts} >> >>`,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 10 0 R /Resources << ${fonts} /XObject << /Scan 11 0 R >> >> >>`,
      stream('', Buffer.from(columnsPage(), 'latin1')),
      stream('', Buffer.from(tablePage(), 'latin1')),
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
      stream('', Buffer.from(scanContent, 'latin1')),
      stream(
        '/Type /XObject /Subtype /Image /Width 40 /Height 56 /ColorSpace /DeviceGray /BitsPerComponent 8',
        scanPixels,
      ),
      // A link to a web page over the footnote.
      `<< /Type /Annot /Subtype /Link /Rect [70 555 260 570] /Border [0 0 0] /A << /S /URI /URI (${layoutFixture.link}) >> >>`,
    ],
    '/Root 1 0 R',
  );
}

/** A text block of `lines`, as the page reading gives one: its box is theirs. */
export function textBlock(lines: LayoutLine[]): LayoutTextBlock {
  return {
    kind: 'text',
    x0: Math.min(...lines.map((each) => each.x0)),
    y0: Math.min(...lines.map((each) => each.y0)),
    x1: Math.max(...lines.map((each) => each.x1)),
    y1: Math.max(...lines.map((each) => each.y1)),
    lines,
  };
}
