import * as mupdf from 'mupdf';
import {
  COMPARE_ATTACHMENT,
  pairDiffers,
  type CompareDifferences,
  type PageBox,
  type PagePair,
  type TextChangeKind,
} from '@paperknife/catalog/compare-differences';

/**
 * The PDF report: a first page with the summary, then one page per page pair that differs, both pages drawn side by side as
 * they are (vectors and text stay vectors, so the report stays small and sharp), the changed words filled in colour
 * and the other regions outlined. The differences JSON is attached as `differences.json`.
 */

const MARGIN = 24;
const GAP = 24;
const HEADER = 44;
const LETTER: [number, number] = [612, 792];

type Rgb = [number, number, number];
const colours: Record<TextChangeKind | 'region' | 'ink' | 'muted' | 'frame', Rgb> = {
  deleted: [0.86, 0.15, 0.15],
  inserted: [0.1, 0.62, 0.25],
  changed: [0.96, 0.62, 0.04],
  region: [0.15, 0.35, 0.9],
  ink: [0.1, 0.1, 0.1],
  muted: [0.45, 0.45, 0.45],
  frame: [0.75, 0.75, 0.75],
};

/** Helvetica draws Latin-1; anything else in a file name shows as `?`. */
const latin1 = (text: string) => text.replace(/[^\u0020-\u00ff]/gu, '?');

class ReportPage {
  private readonly font = new mupdf.Font('Helvetica');
  constructor(readonly device: mupdf.Device) {}

  text(value: string, x: number, y: number, size: number, colour: Rgb = colours.ink): void {
    const text = new mupdf.Text();
    text.showString(this.font, [size, 0, 0, -size, x, y], latin1(value));
    this.device.fillText(text, mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, colour, 1);
    text.destroy();
  }

  box([x0, y0, x1, y1]: readonly number[], colour: Rgb, fill: number, stroke?: number): void {
    const path = new mupdf.Path();
    path.rect(x0!, y0!, x1!, y1!);
    if (fill > 0) this.device.fillPath(path, false, mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, colour, fill);
    if (stroke) {
      const line = new mupdf.StrokeState({ lineCap: 'Butt', lineJoin: 'Miter', lineWidth: stroke, miterLimit: 10 });
      this.device.strokePath(path, line, mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, colour, 1);
    }
    path.destroy();
  }
}

const shifted = ([x0, y0, x1, y1]: PageBox, dx: number, dy: number) => [x0 + dx, y0 + dy, x1 + dx, y1 + dy];

function pairTitle(pair: PagePair): string {
  if (pair.changed === null) return `Original page ${pair.original}: removed in the changed version`;
  if (pair.original === null) return `Changed page ${pair.changed}: added, not in the original`;
  const moved = pair.moved ? ', moved' : '';
  return `Original page ${pair.original}  /  changed page ${pair.changed}${moved}`;
}

function pairCounts(pair: PagePair): string {
  const parts = (['inserted', 'deleted', 'changed'] as const)
    .map((kind) => [kind, pair.textChanges.filter((change) => change.kind === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`);
  if (pair.regions.length > 0)
    parts.push(`${pair.regions.length} region${pair.regions.length === 1 ? '' : 's'} drawn differently`);
  return parts.length > 0 ? parts.join(', ') : 'No differences on this page';
}

function drawSide(
  sheet: ReportPage,
  doc: mupdf.PDFDocument,
  page: number | null,
  size: [number, number],
  left: number,
  missing: string,
): void {
  const top = HEADER;
  if (page === null) {
    sheet.box([left, top, left + size[0], top + size[1]], colours.frame, 0.15);
    sheet.text(missing, left + 16, top + size[1] / 2, 12, colours.muted);
    return;
  }
  const loaded = doc.loadPage(page - 1);
  try {
    loaded.run(sheet.device, mupdf.Matrix.translate(left, top));
  } finally {
    loaded.destroy();
  }
  sheet.box([left, top, left + size[0], top + size[1]], colours.frame, 0, 0.75);
}

function drawPair(
  writer: mupdf.DocumentWriter,
  original: mupdf.PDFDocument,
  changed: mupdf.PDFDocument,
  pair: PagePair,
) {
  const sizeA = pair.originalSize ?? pair.changedSize ?? LETTER;
  const sizeB = pair.changedSize ?? pair.originalSize ?? LETTER;
  const leftB = MARGIN + sizeA[0] + GAP;
  const width = leftB + sizeB[0] + MARGIN;
  const height = HEADER + Math.max(sizeA[1], sizeB[1]) + MARGIN;
  const sheet = new ReportPage(writer.beginPage([0, 0, width, height]));
  sheet.text(pairTitle(pair), MARGIN, 20, 11);
  sheet.text(pairCounts(pair), MARGIN, 35, 9, colours.muted);
  drawSide(sheet, original, pair.original, sizeA, MARGIN, 'Not in the original');
  drawSide(sheet, changed, pair.changed, sizeB, leftB, 'Not in the changed version');
  for (const change of pair.textChanges) {
    for (const box of change.original?.boxes ?? []) sheet.box(shifted(box, MARGIN, HEADER), colours[change.kind], 0.35);
    for (const box of change.changed?.boxes ?? []) sheet.box(shifted(box, leftB, HEADER), colours[change.kind], 0.35);
  }
  for (const region of pair.regions) {
    if (pair.original !== null) sheet.box(shifted(region, MARGIN, HEADER), colours.region, 0.08, 1.5);
    if (pair.changed !== null) sheet.box(shifted(region, leftB, HEADER), colours.region, 0.08, 1.5);
  }
  writer.endPage();
}

function drawSummary(writer: mupdf.DocumentWriter, differences: CompareDifferences, names: ReportNames) {
  const sheet = new ReportPage(writer.beginPage([0, 0, LETTER[0], LETTER[1]]));
  const { summary } = differences;
  let y = 72;
  const line = (text: string, size = 11, colour: Rgb = colours.ink, step = 18) => {
    sheet.text(text, 72, y, size, colour);
    y += step;
  };
  line('PDF comparison', 20, colours.ink, 34);
  line(`Original: ${names.originalName} (${differences.originalPages} pages)`);
  line(`Changed: ${names.changedName} (${differences.changedPages} pages)`, 11, colours.ink, 30);
  if (differences.identical) {
    line('No differences found: the same text on the same pages, drawn the same way.', 12);
    writer.endPage();
    return;
  }
  const rows: [string, number, Rgb][] = [
    ['Words inserted', summary.inserted, colours.inserted],
    ['Words deleted', summary.deleted, colours.deleted],
    ['Words changed', summary.changed, colours.changed],
    ['Regions drawn differently', summary.regions, colours.region],
    ['Pages moved', summary.movedPages, colours.ink],
    ['Pages added', summary.addedPages, colours.ink],
    ['Pages removed', summary.removedPages, colours.ink],
  ];
  for (const [label, count, colour] of rows) {
    sheet.box([72, y - 9, 82, y + 1], colour, 0.6);
    sheet.text(`${label}: ${count}`, 90, y, 11);
    y += 18;
  }
  y += 12;
  line(
    'Each following page shows a page that differs: the original left, the changed version right.',
    10,
    colours.muted,
    14,
  );
  line('The differences are attached to this PDF as differences.json.', 10, colours.muted, 14);
  writer.endPage();
}

export interface ReportNames {
  originalName: string;
  changedName: string;
}

export function writeCompareReport(
  original: mupdf.PDFDocument,
  changed: mupdf.PDFDocument,
  differences: CompareDifferences,
  names: ReportNames,
): Uint8Array {
  const buffer = new mupdf.Buffer();
  const writer = new mupdf.DocumentWriter(buffer, 'pdf', 'compress');
  try {
    drawSummary(writer, differences, names);
    for (const pair of differences.pages.filter(pairDiffers)) drawPair(writer, original, changed, pair);
    writer.close();
  } finally {
    writer.destroy();
  }
  const report = mupdf.Document.openDocument(buffer.asUint8Array(), 'application/pdf').asPDF()!;
  try {
    const now = new Date();
    const json = new TextEncoder().encode(JSON.stringify(differences));
    report.insertEmbeddedFile(
      COMPARE_ATTACHMENT,
      report.addEmbeddedFile(COMPARE_ATTACHMENT, 'application/json', json, now, now),
    );
    return report.saveToBuffer('compress,garbage').asUint8Array();
  } finally {
    report.destroy();
    buffer.destroy();
  }
}
