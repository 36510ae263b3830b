import * as mupdf from 'mupdf';
import type { PageRect } from '@paperknife/catalog/redaction';

const number = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * Paints the redacted areas in the chosen colour on top of the page. MuPDF's own boxes are always black, so they
 * are drawn here: the page's contents in a q/Q pair, then the boxes, so nothing the page leaves set can move them.
 */
export function fillBoxes(
  doc: mupdf.PDFDocument,
  page: mupdf.PDFPage,
  rects: readonly PageRect[],
  fill: readonly [number, number, number],
): void {
  const toPdf = mupdf.Matrix.invert(page.getTransform());
  const boxes = rects.map((rect) => {
    const [x0, y0, x1, y1] = mupdf.Rect.transform([...rect], toPdf);
    return `${number(x0)} ${number(y0)} ${number(x1 - x0)} ${number(y1 - y0)} re`;
  });
  const pageObject = page.getObject();
  const contents = pageObject.get('Contents');
  const streams = doc.newArray();
  streams.push(doc.addStream('q\n', {}));
  if (contents.isArray()) contents.forEach((part) => streams.push(part));
  else if (!contents.isNull()) streams.push(contents);
  streams.push(doc.addStream(`\nQ\nq ${fill.map(number).join(' ')} rg\n${boxes.join('\n')}\nf Q\n`, {}));
  pageObject.put('Contents', streams);
}
