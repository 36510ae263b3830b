import { spawnSync } from 'node:child_process';
import { writePdfObjects } from './make-pdf.js';
import { visibleTextLines } from './stamp-fixtures.js';

/** Crop, N-up and Booklet tests: the boxes qpdf reads on each page, and where numbered pages landed on sheets. */

type Box = [number, number, number, number];

export interface PageBoxes {
  mediaBox?: Box;
  cropBox?: Box;
  trimBox?: Box;
  bleedBox?: Box;
  rotate?: number;
}

/** Each page's own box entries, as `qpdf --json` reads them (inherited values are not filled in). */
export function pageBoxes(path: string): PageBoxes[] {
  const result = spawnSync('qpdf', ['--json=2', '--json-key=pages', '--json-key=qpdf', path], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0 && result.status !== 3) throw new Error(`qpdf --json failed: ${result.stderr}`);
  const json = JSON.parse(result.stdout) as {
    pages: { object: string }[];
    qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>];
  };
  const objects = json.qpdf[1];
  const resolve = (value: unknown): unknown =>
    typeof value === 'string' && / R$/.test(value) ? objects[`obj:${value}`]?.value : value;
  return json.pages.map(({ object }) => {
    const page = objects[`obj:${object}`]!.value!;
    const box = (key: string) => {
      const value = resolve(page[key]) as unknown[] | undefined;
      return value && (value.map((item) => Number(resolve(item))) as Box);
    };
    const rotate = resolve(page['/Rotate']);
    return {
      mediaBox: box('/MediaBox'),
      cropBox: box('/CropBox'),
      trimBox: box('/TrimBox'),
      bleedBox: box('/BleedBox'),
      ...(typeof rotate === 'number' ? { rotate } : {}),
    };
  });
}

export interface PlacedLabel {
  /** The number of "Page N". */
  page: number;
  /** The label's centre as a fraction of the sheet as shown, from the top left. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The "Page N" labels of make-pdf's default pages as they sit on each output sheet, in reading order. */
export function placedLabels(path: string): PlacedLabel[][] {
  return visibleTextLines(path).map((lines) =>
    lines.flatMap((line) => {
      const match = /^Page (\d+)$/.exec(line.text.trim());
      if (!match) return [];
      return [
        {
          page: Number(match[1]),
          x: (line.x0 + line.x1) / 2 / line.pageWidth,
          y: (line.y0 + line.y1) / 2 / line.pageHeight,
          width: line.x1 - line.x0,
          height: line.y1 - line.y0,
        },
      ];
    }),
  );
}

/** The crop that `contentAroundCropPdf` is drawn around: millimetres from each side as the page is shown. */
export const AROUND_CROP_MARGINS = { top: 20, right: 90, bottom: 20, left: 20 } as const;
/** A red image's size in pixels, drawn across the kept box's right edge on the upright page. */
export const STRADDLING_IMAGE_PIXELS = 40;

/**
 * Two letter pages with the same content, the second turned by /Rotate 90, for cropping by AROUND_CROP_MARGINS
 * with the content outside removed. Each page N writes `KeptN` (inside on both), `HighN` (near the top: inside
 * upright, outside turned), `RightN` (inside only turned), `LowN` (below the box on both) and, in a Form XObject,
 * `FormKeptN` and `FormLowN`. The upright page also has a green square wholly outside, a red image
 * half outside (its right half outside), a blue image wholly outside, a link half inside, a link and a note outside.
 */
export function contentAroundCropPdf(): Buffer {
  const side = STRADDLING_IMAGE_PIXELS;
  const red = Buffer.alloc(side * side * 3);
  for (let i = 0; i < side * side; i++) red[i * 3] = 220;
  const blue = Buffer.alloc(4 * 4 * 3, 0);
  for (let i = 0; i < 16; i++) blue[i * 3 + 2] = 200;
  const stream = (dict: string, data: Buffer | string) => {
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'latin1');
    return Buffer.concat([
      Buffer.from(`<< ${dict} /Length ${bytes.length} >>\nstream\n`, 'latin1'),
      bytes,
      Buffer.from('\nendstream', 'latin1'),
    ]);
  };
  const text = (x: number, y: number, words: string) => `BT /F1 14 Tf ${x} ${y} Td (${words}) Tj ET\n`;
  const image = (pixels: Buffer, size: number) =>
    stream(
      `/Type /XObject /Subtype /Image /Width ${size} /Height ${size} /ColorSpace /DeviceRGB /BitsPerComponent 8`,
      pixels,
    );
  // 1 catalog, 2 pages, 3 font, 4 red image, 5 blue image, 6-7 upright page, content; 8 its form; 9-11 annots;
  // 12-14 turned page, content, form.
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [6 0 R 12 0 R] /Count 2 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    image(red, side),
    image(blue, 4),
  ];
  const pageContent = (n: number) =>
    text(100, 400, `Kept${n}`) + text(100, 700, `High${n}`) + text(450, 400, `Right${n}`) + text(100, 20, `Low${n}`);
  const form = (n: number) =>
    stream(
      '/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >>',
      text(100, 300, `FormKept${n}`) + text(100, 30, `FormLow${n}`),
    );
  const resources = (formRef: number) =>
    `/Resources << /Font << /F1 3 0 R >> /XObject << /Im1 4 0 R /Im2 5 0 R /Fx ${formRef} 0 R >> >>`;
  objects.push(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ${resources(8)} /Contents 7 0 R /Annots [9 0 R 10 0 R 11 0 R] >>`,
    stream(
      '',
      'q 0 0.6 0 rg 420 600 100 100 re f Q\nq 200 0 0 200 250 300 cm /Im1 Do Q\nq 30 0 0 30 500 500 cm /Im2 Do Q\n/Fx Do\n' +
        pageContent(1),
    ),
    form(1),
    '<< /Type /Annot /Subtype /Link /Rect [300 450 420 470] /Border [0 0 0] /A << /S /URI /URI (https://example.com/kept) >> >>',
    '<< /Type /Annot /Subtype /Link /Rect [450 150 550 170] /Border [0 0 0] /A << /S /URI /URI (https://example.com/gone) >> >>',
    '<< /Type /Annot /Subtype /Text /Rect [500 700 520 720] /Contents (Note outside) >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate 90 ${resources(14)} /Contents 13 0 R >>`,
    stream('', '/Fx Do\n' + pageContent(2)),
    form(2),
  );
  return writePdfObjects(objects, '/Root 1 0 R');
}

/** Where the links and comments of `annotatedPagesPdf` point. */
export const ANNOTATED_PAGES = { uri: 'https://example.com/visit', destinationName: 'chapter3' } as const;

/**
 * Four letter pages, each labelled `Page N`, for carrying annotations to sheets. Page 1: "Go to four", a link to
 * page 4 at the word "Target" (/XYZ). Page 2: "Marked words" under a highlight, a sticky note with a pop-up, a
 * form field, and "Named link" going to page 3 by a named destination. Page 3 (/Rotate 90): "Visit site" under a
 * URI link. Page 4: "Target".
 */
export function annotatedPagesPdf(): Buffer {
  const text = (x: number, y: number, words: string) => `BT /F1 14 Tf ${x} ${y} Td (${words}) Tj ET\n`;
  const stream = (content: string) => `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  const page = (contents: number, annots: number[], extra = '') =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]${extra} /Resources << /Font << /F1 3 0 R >> >> /Contents ${contents} 0 R /Annots [${annots.map((ref) => `${ref} 0 R`).join(' ')}] >>`;
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [13 0 R] >> /Names << /Dests << /Names [(${ANNOTATED_PAGES.destinationName}) [8 0 R /Fit]] >> >> >>`,
    '<< /Type /Pages /Kids [4 0 R 6 0 R 8 0 R 10 0 R] /Count 4 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    page(5, [14]),
    stream(text(72, 720, 'Page 1') + text(100, 500, 'Go to four')),
    page(7, [15, 16, 17, 13, 18]),
    stream(text(72, 720, 'Page 2') + text(100, 300, 'Marked words') + text(100, 200, 'Named link')),
    page(9, [19], ' /Rotate 90'),
    stream(text(72, 720, 'Page 3') + text(100, 400, 'Visit site')),
    page(11, []),
    stream(text(72, 720, 'Page 4') + text(300, 200, 'Target')),
    '<< /Title (Annotated pages) >>',
    '<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (Filled) /Rect [300 600 500 620] /P 6 0 R >>',
    '<< /Type /Annot /Subtype /Link /Rect [95 495 175 515] /Border [0 0 0] /Dest [10 0 R /XYZ 300 215 null] >>',
    '<< /Type /Annot /Subtype /Highlight /Rect [98 296 190 312] /QuadPoints [98 312 190 312 98 296 190 296] /C [1 1 0] /Contents (Check these) >>',
    '<< /Type /Annot /Subtype /Text /Rect [400 300 420 320] /Contents (A sticky note) /Popup 17 0 R >>',
    '<< /Type /Annot /Subtype /Popup /Rect [420 300 560 380] /Parent 16 0 R >>',
    '<< /Type /Annot /Subtype /Link /Rect [95 195 185 215] /Border [0 0 0] /A << /S /GoTo /D (chapter3) >> >>',
    `<< /Type /Annot /Subtype /Link /Rect [95 395 170 415] /Border [0 0 0] /A << /S /URI /URI (${ANNOTATED_PAGES.uri}) >> >>`,
  ];
  return writePdfObjects(objects, '/Root 1 0 R /Info 12 0 R');
}
