import { SIGNATURE_IMAGE_MAX_CHARS } from '@paperknife/catalog/tools/sign-pdf';

/**
 * Turns what the visitor drew, typed or uploaded into the PNG the API takes: cropped to the ink, white made
 * transparent, scaled down until its data URL fits the catalogue's limit.
 */

/** Paper white and light greys become transparent; darker pixels keep their colour, edges fade in between. */
const CLEAR_FROM = 235;
const OPAQUE_BELOW = 175;
/** Drawn signatures are sharp at this size on a page; larger pictures only weigh more. */
const MAX_WIDTH = 800;
const MAX_HEIGHT = 300;

/** The box of the pixels that are not transparent after white is cleared, or undefined for a blank picture. */
function clearWhite(data: ImageData): { x0: number; y0: number; x1: number; y1: number } | undefined {
  const pixels = data.data;
  let [x0, y0, x1, y1] = [data.width, data.height, -1, -1];
  for (let y = 0; y < data.height; y++) {
    for (let x = 0; x < data.width; x++) {
      const at = (y * data.width + x) * 4;
      const light = 0.299 * pixels[at]! + 0.587 * pixels[at + 1]! + 0.114 * pixels[at + 2]!;
      const ink =
        light >= CLEAR_FROM ? 0 : light <= OPAQUE_BELOW ? 1 : (CLEAR_FROM - light) / (CLEAR_FROM - OPAQUE_BELOW);
      const alpha = Math.round(ink * pixels[at + 3]!);
      pixels[at + 3] = alpha;
      if (alpha > 16) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
    }
  }
  return x1 < 0 ? undefined : { x0, y0, x1, y1 };
}

/**
 * The signature in `source` (a canvas, an image) as a PNG data URL, or undefined when it holds no ink. Transparent
 * pixels of the source count as paper.
 */
export function signaturePng(source: CanvasImageSource, width: number, height: number): string | undefined {
  const scale = Math.min(1, (2 * MAX_WIDTH) / width, (2 * MAX_HEIGHT) / height);
  const work = document.createElement('canvas');
  work.width = Math.max(1, Math.round(width * scale));
  work.height = Math.max(1, Math.round(height * scale));
  const context = work.getContext('2d', { willReadFrequently: true });
  if (!context) return undefined;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, work.width, work.height);
  context.drawImage(source, 0, 0, work.width, work.height);
  const data = context.getImageData(0, 0, work.width, work.height);
  const ink = clearWhite(data);
  if (!ink) return undefined;
  context.putImageData(data, 0, 0);
  const margin = 2;
  const cropX = Math.max(0, ink.x0 - margin);
  const cropY = Math.max(0, ink.y0 - margin);
  const cropW = Math.min(work.width, ink.x1 + margin + 1) - cropX;
  const cropH = Math.min(work.height, ink.y1 + margin + 1) - cropY;
  let fit = Math.min(1, MAX_WIDTH / cropW, MAX_HEIGHT / cropH);
  for (;;) {
    const out = document.createElement('canvas');
    out.width = Math.max(1, Math.round(cropW * fit));
    out.height = Math.max(1, Math.round(cropH * fit));
    out.getContext('2d')?.drawImage(work, cropX, cropY, cropW, cropH, 0, 0, out.width, out.height);
    const url = out.toDataURL('image/png');
    if (url.length <= SIGNATURE_IMAGE_MAX_CHARS || out.width <= 40) return url;
    fit *= 0.75;
  }
}

/** An uploaded picture as a signature PNG; rejects when the browser cannot read it. */
export async function uploadedSignature(file: File): Promise<string | undefined> {
  const bitmap = await createImageBitmap(file);
  try {
    return signaturePng(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
