import { deflateSync } from 'node:zlib';
import { type PdfDict, type PdfRef, type PdfValue, name } from '@paperknife/qpdf-jobs/pdf-syntax';
import type { PdfFileWriter } from './pdf-file-writer.js';
import type { PdfImage } from './pdf-image.js';

const DEVICE = { 1: 'DeviceGray', 3: 'DeviceRGB', 4: 'DeviceCMYK' } as const;

/** Writes an image (and its soft mask) as image XObjects; returns the image's reference. */
export async function writeImage(writer: PdfFileWriter, image: PdfImage): Promise<PdfRef> {
  const smask = image.smask ? await writeImage(writer, image.smask) : undefined;
  const colourSpace = await writeColourSpace(writer, image);
  const dict: PdfDict = {
    Type: name('XObject'),
    Subtype: name('Image'),
    Width: image.width,
    Height: image.height,
    BitsPerComponent: image.bitsPerComponent,
    ColorSpace: colourSpace,
    Filter: name(image.filter),
    DecodeParms: image.pngPredictor
      ? {
          Predictor: 15,
          Colors: image.colours,
          BitsPerComponent: image.bitsPerComponent,
          Columns: image.width,
        }
      : undefined,
    Decode: image.invert ? [1, 0, 1, 0, 1, 0, 1, 0] : undefined,
    SMask: smask,
  };
  return writer.add(dict, image.data);
}

async function writeColourSpace(writer: PdfFileWriter, image: PdfImage): Promise<PdfValue> {
  if (image.palette) {
    const hival = Math.floor(image.palette.length / 3) - 1;
    return [
      name('Indexed'),
      name('DeviceRGB'),
      hival,
      await writer.add({}, image.palette.subarray(0, (hival + 1) * 3)),
    ];
  }
  const device = name(DEVICE[image.colours]);
  // A profile whose colour count does not match the samples would make readers refuse the image: left out.
  if (!image.icc || iccColours(image.icc) !== image.colours) return device;
  const profile = await writer.add(
    { N: image.colours, Alternate: device, Filter: name('FlateDecode') },
    deflateSync(image.icc),
  );
  return [name('ICCBased'), profile];
}

/** The number of colour components of an ICC profile's data colour space (bytes 16-19 of its header). */
function iccColours(icc: Buffer): number | undefined {
  if (icc.length < 132) return undefined;
  const space = icc.subarray(16, 20).toString('latin1');
  return ({ GRAY: 1, 'RGB ': 3, CMYK: 4 } as Record<string, number>)[space];
}
