import { spawnSync } from 'node:child_process';
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
