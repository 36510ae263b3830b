import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as mupdf from 'mupdf';

/**
 * The MuPDF half of Compress PDF (see docs/decisions/024). It merges duplicate streams into a new file and, at the
 * lossy levels, finds every image's largest placement on any page, then resamples the images drawn above the
 * target resolution into raw pixel files for the main thread to encode with sharp. CMYK images are encoded here
 * with MuPDF's JPEG encoder, which writes CMYK JPEGs that PDF readers show right (sharp takes no raw CMYK).
 * Nothing is written into the PDF here: the main thread swaps the streams in with qpdf, by object number.
 */

export interface CompressPreparePayload {
  input: string;
  /** Where the copy with duplicate objects merged is written. Object numbers in the result refer to this file. */
  output: string;
  /** Left out at the lossless level. */
  images?: ImageSettings;
  /**
   * Drop data only its creating application reads: /PieceInfo (page-piece dictionaries) and /Thumb (embedded page
   * thumbnails, which viewers draw themselves). Nothing on the page changes; lossy levels only.
   */
  discardPrivateData?: boolean;
}

export interface ImageSettings {
  /** Target resolution: images drawn above it are resampled down to it. */
  dpi: number;
  /** JPEG quality for the CMYK images encoded here (sharp uses the same number for the others). */
  quality: number;
  /**
   * Re-encode JPEG and JPEG 2000 images that are not above the target resolution as well: another generation of
   * loss, so only the high level does it. Lossless images (Flate and the like) are re-encoded at every lossy level.
   */
  recodeLossy: boolean;
  /** Folder for the pixel files (the job folder). */
  folder: string;
}

export type ImageColorSpace = '/DeviceGray' | '/DeviceRGB' | '/DeviceCMYK';

export interface SampledImage {
  /** Object number of the image XObject in `output`. */
  object: number;
  /** Its pixel size now, so the caller can check it is talking about the same object. */
  sourceWidth: number;
  sourceHeight: number;
  /** The new pixel size. */
  width: number;
  height: number;
  channels: 1 | 3 | 4;
  /** Raw 8-bit pixels, rows top to bottom, channels interleaved: the main thread encodes them. */
  pixels?: string;
  /** Or a JPEG already encoded here (CMYK photographs). */
  jpeg?: string;
  /** True when the pixels look like flat graphics (screenshots, charts): Flate keeps them sharp. */
  flat: boolean;
  /** The new /ColorSpace when it changes (an Indexed image becomes its base space); otherwise the old one stays. */
  colorSpace?: ImageColorSpace;
  /** Bytes of the stream as stored now. */
  originalBytes: number;
  /** The soft mask, resampled to the image's new size. */
  smask?: {
    object: number;
    sourceWidth: number;
    sourceHeight: number;
    width: number;
    height: number;
    pixels: string;
    originalBytes: number;
  };
}

export interface CompressPrepareResult {
  images: SampledImage[];
  /** Image XObjects found, and why the others were left alone: for tests and the benchmark. */
  found: number;
  skipped: Record<string, number>;
}

/** Images below this many pixels are not worth the work. */
const MIN_PIXELS = 64 * 64;
/** Above this many pixels after resampling, the pixmap and its copies would crowd the worker's heap: left alone. */
const MAX_PIXELS = 50_000_000;
/** Resample only when the area shrinks by more than this factor; a few percent is not worth a generation. */
const MIN_AREA_RATIO = 1.2;
/** Share of pixels equal to their left neighbour above which an image counts as flat graphics. */
const FLAT_SHARE = 0.4;

interface Placement {
  /** Largest drawn width and height, in points, along the image's own axes. */
  width: number;
  height: number;
}

interface ImageInfo {
  object: number;
  ref: mupdf.PDFObject;
  /** Held while pages run, so its pointer identifies it; absent for JPEG 2000. */
  image?: mupdf.Image;
  width: number;
  height: number;
}

type Skip = (reason: string) => undefined;

export default async function compressPrepare(payload: CompressPreparePayload): Promise<CompressPrepareResult> {
  const source = new mupdf.PDFDocument(payload.input);
  try {
    if (payload.discardPrivateData) discardPrivateData(source);
    mergeDuplicateStreams(source);
    // Unused objects (the merged duplicates among them) dropped, the rest renumbered. Not garbage=3 or 4: MuPDF's
    // own duplicate search compares every pair of objects, 82 s on a document of 40,000 objects.
    source.save(payload.output, 'garbage=compact');
  } finally {
    source.destroy();
  }
  const result: CompressPrepareResult = { images: [], found: 0, skipped: {} };
  if (!payload.images) return result;

  // Reopened from the saved file, so object numbers match what qpdf will read.
  const doc = new mupdf.PDFDocument(payload.output);
  const loaded: mupdf.Image[] = [];
  try {
    const skip: Skip = (reason) => {
      result.skipped[reason] = (result.skipped[reason] ?? 0) + 1;
      return undefined;
    };
    const { images, softMasks } = findImages(doc, loaded, skip);
    result.found = images.length;
    if (images.length === 0) return result;
    const placements = measurePlacements(doc, images);
    if (!placements) {
      // A page MuPDF could not run may draw any image larger than we saw: leave them all alone.
      for (let i = 0; i < images.length; i++) skip('unreadable page');
      return result;
    }
    for (const info of images) {
      if (softMasks.has(info.object)) continue;
      try {
        const sampled = await sampleImage(doc, info, placements.get(info.object), payload.images, skip);
        if (sampled) result.images.push(sampled);
      } catch {
        skip('unreadable image');
      }
    }
    return result;
  } finally {
    for (const image of loaded) image.destroy();
    doc.destroy();
  }
}

/**
 * Merges streams with the same dictionary and the same bytes (fonts, images, ICC profiles embedded once per page
 * or per merged file): references to a copy are pointed at the first one, and the garbage collection drops the
 * copies. Streams are grouped by length first, so only candidates are hashed. Repeated while merges make more
 * streams identical (images whose soft masks were merged), at most a few rounds.
 */
function mergeDuplicateStreams(doc: mupdf.PDFDocument): void {
  for (let round = 0; round < 3; round++) {
    const byLength = new Map<number, number[]>();
    for (let object = 1; object < doc.countObjects(); object++) {
      try {
        const ref = doc.newIndirect(object);
        if (!ref.isStream()) continue;
        const length = ref.get('Length');
        const key = length.isNumber() ? length.asNumber() : -1;
        const group = byLength.get(key);
        if (group) group.push(object);
        else byLength.set(key, [object]);
      } catch {
        // Unreadable objects are never merged.
      }
    }
    const replace = new Map<number, number>();
    for (const objects of byLength.values()) {
      if (objects.length < 2) continue;
      const first = new Map<string, number>();
      for (const object of objects) {
        try {
          const key = streamKey(doc.newIndirect(object));
          const kept = first.get(key);
          if (kept === undefined) first.set(key, object);
          else replace.set(object, kept);
        } catch {
          // As above.
        }
      }
    }
    if (replace.size === 0) return;
    for (let object = 1; object < doc.countObjects(); object++) {
      if (replace.has(object)) continue;
      try {
        repointReferences(doc, doc.newIndirect(object), replace);
      } catch {
        // An object that cannot be read keeps its references; the copies it points to stay in the file.
      }
    }
    repointReferences(doc, doc.getTrailer(), replace);
  }
}

/** The stream's dictionary (without /Length) and a hash of its bytes as stored. */
function streamKey(ref: mupdf.PDFObject): string {
  const entries: string[] = [];
  ref.forEach((value, key) => {
    if (key !== 'Length') entries.push(`/${key} ${value.toString(true)}`);
  });
  const data = ref.readRawStream();
  try {
    const hash = createHash('sha256').update(data.asUint8Array()).digest('hex');
    return `${entries.sort().join(' ')}|${hash}`;
  } finally {
    data.destroy();
  }
}

/** Replaces references to merged copies inside a dictionary or array, and inside its direct children. */
function repointReferences(doc: mupdf.PDFDocument, container: mupdf.PDFObject, replace: Map<number, number>): void {
  if (!container.isDictionary() && !container.isArray()) return;
  const updates: [string | number, mupdf.PDFObject][] = [];
  container.forEach((value, key) => {
    if (value.isIndirect()) {
      const kept = replace.get(value.asIndirect());
      if (kept !== undefined) updates.push([key, doc.newIndirect(kept)]);
    } else {
      repointReferences(doc, value, replace);
    }
  });
  for (const [key, value] of updates) container.put(key, value);
}

/** Removes /PieceInfo and /Thumb wherever they are; what they pointed to goes with the garbage collection. */
function discardPrivateData(doc: mupdf.PDFDocument): void {
  for (let object = 1; object < doc.countObjects(); object++) {
    const ref = doc.newIndirect(object);
    try {
      if (!ref.isDictionary()) continue;
      for (const key of ['PieceInfo', 'Thumb']) if (!ref.get(key).isNull()) ref.delete(key);
    } catch {
      // An object MuPDF cannot read stays as it is.
    }
  }
}

/**
 * Loads every image XObject. MuPDF keeps one fz_image per object while something holds it, so the images a page
 * draws can be told apart by pointer. JPEG 2000 images are decoded on load, so they are not held: their
 * placements are matched by pixel size instead (which can only over-estimate their drawn size).
 */
function findImages(
  doc: mupdf.PDFDocument,
  loaded: mupdf.Image[],
  skip: Skip,
): { images: ImageInfo[]; softMasks: Set<number> } {
  const images: ImageInfo[] = [];
  const softMasks = new Set<number>();
  for (let object = 1; object < doc.countObjects(); object++) {
    const ref = doc.newIndirect(object);
    try {
      if (!ref.isStream() || nameOf(ref.get('Subtype')) !== 'Image') continue;
      const smask = ref.get('SMask');
      if (smask.isIndirect()) softMasks.add(smask.asIndirect());
      if (filtersOf(ref).includes('JPXDecode')) {
        images.push({ object, ref, width: numberOf(ref.get('Width')), height: numberOf(ref.get('Height')) });
        continue;
      }
      const image = doc.loadImage(ref);
      loaded.push(image);
      images.push({ object, ref, image, width: image.getWidth(), height: image.getHeight() });
    } catch {
      skip('unreadable image');
    }
  }
  return { images, softMasks };
}

/** Runs every page through a device that only records where images are drawn. Undefined if a page fails. */
function measurePlacements(doc: mupdf.PDFDocument, images: ImageInfo[]): Map<number, Placement> | undefined {
  const byPointer = new Map<unknown, number>();
  for (const info of images) if (info.image) byPointer.set(info.image.pointer, info.object);
  const placements = new Map<number, Placement>();
  const bySize = new Map<string, Placement>();
  const device = new mupdf.Device({
    fillImage(image, ctm) {
      const object = byPointer.get(image.pointer);
      if (object !== undefined) placements.set(object, grow(placements.get(object), ctm));
      else {
        const size = `${image.getWidth()}x${image.getHeight()}`;
        bySize.set(size, grow(bySize.get(size), ctm));
      }
    },
  });
  try {
    for (let index = 0; index < doc.countPages(); index++) {
      const page = doc.loadPage(index);
      try {
        page.run(device, mupdf.Matrix.identity);
      } finally {
        page.destroy();
      }
    }
    device.close();
  } catch {
    return undefined;
  } finally {
    device.destroy();
  }
  // Images MuPDF handed over as another object (JPEG 2000, inline images): merge by pixel size.
  for (const info of images) {
    const loose = bySize.get(`${info.width}x${info.height}`);
    if (loose) placements.set(info.object, grow(placements.get(info.object), [loose.width, 0, 0, loose.height, 0, 0]));
  }
  return placements;
}

/** The placement grown to cover a drawing with this matrix (the unit square's sides are the image's axes). */
function grow(old: Placement | undefined, ctm: mupdf.Matrix): Placement {
  return {
    width: Math.max(Math.hypot(ctm[0], ctm[1]), old?.width ?? 0),
    height: Math.max(Math.hypot(ctm[2], ctm[3]), old?.height ?? 0),
  };
}

async function sampleImage(
  doc: mupdf.PDFDocument,
  info: ImageInfo,
  placement: Placement | undefined,
  settings: ImageSettings,
  skip: Skip,
): Promise<SampledImage | undefined> {
  const { ref, width, height } = info;
  if (!placement) return skip('not drawn');
  const filters = filtersOf(ref);
  const bits = numberOf(ref.get('BitsPerComponent'));
  if (ref.get('ImageMask').isBoolean() && ref.get('ImageMask').asBoolean()) return skip('bilevel');
  if (bits === 1 || filters.includes('CCITTFaxDecode') || filters.includes('JBIG2Decode')) return skip('bilevel');
  if (width * height < MIN_PIXELS) return skip('small');
  const smaskRef = ref.get('SMask');
  // Lossy pixels would miss an exact colour key; with a soft mask present the key is ignored anyway (PDF 11.6.5.3).
  if (ref.get('Mask').isArray() && !smaskRef.isStream()) return skip('colour-key mask');
  if (numberOf(ref.get('SMaskInData')) > 0) return skip('alpha in JPEG 2000');

  const space = targetSpace(ref);
  if (!space) return skip('colour space');
  if (smaskRef.isStream() && !smaskRef.get('Matte').isNull()) return skip('premultiplied soft mask');

  const targetWidth = Math.max(1, Math.min(width, Math.ceil((placement.width / 72) * settings.dpi)));
  const targetHeight = Math.max(1, Math.min(height, Math.ceil((placement.height / 72) * settings.dpi)));
  const downsample = width * height > targetWidth * targetHeight * MIN_AREA_RATIO;
  const lossySource = filters.includes('DCTDecode') || filters.includes('JPXDecode');
  if (!downsample && lossySource && !settings.recodeLossy) return skip('at target resolution');
  const newWidth = downsample ? targetWidth : width;
  const newHeight = downsample ? targetHeight : height;
  if (newWidth * newHeight > MAX_PIXELS) return skip('very large');

  const image = info.image ?? doc.loadImage(ref);
  try {
    const pixmap = drawImage(image, space.colorSpace ?? image.getColorSpace(), newWidth, newHeight);
    try {
      const channels = pixmap.getNumberOfComponents() as 1 | 3 | 4;
      const packed = packPixels(pixmap);
      const flat = isFlat(packed, newWidth, channels);
      // Lossless graphics at their own size gain nothing from JPEG; qpdf recompresses their Flate.
      if (!downsample && flat && !lossySource) return skip('flat graphics at target resolution');
      const base = join(settings.folder, `image-${info.object}`);
      const sampled: SampledImage = {
        object: info.object,
        sourceWidth: width,
        sourceHeight: height,
        width: newWidth,
        height: newHeight,
        channels,
        flat,
        originalBytes: streamBytes(ref),
        ...(space.name ? { colorSpace: space.name } : {}),
      };
      if (channels === 4 && !flat) {
        sampled.jpeg = `${base}.jpg`;
        await writeFile(sampled.jpeg, cmykJpeg(packed, newWidth, newHeight, settings.quality));
      } else {
        sampled.pixels = `${base}.raw`;
        await writeFile(sampled.pixels, packed);
      }
      if (smaskRef.isStream()) {
        const smask = await sampleSoftMask(doc, smaskRef, newWidth, newHeight, settings.folder);
        if (smask) sampled.smask = smask;
      }
      return sampled;
    } finally {
      pixmap.destroy();
    }
  } finally {
    if (!info.image) image.destroy();
  }
}

/**
 * The colour space to draw into. Gray, RGB and CMYK images (device or ICC) keep their own space, so nothing is
 * converted; an Indexed image is expanded into its base space. Anything else (Lab, spot colours) is left alone.
 */
function targetSpace(ref: mupdf.PDFObject): { colorSpace?: mupdf.ColorSpace; name?: ImageColorSpace } | undefined {
  const space = ref.get('ColorSpace');
  const family = spaceFamily(space);
  if (family === 'Gray' || family === 'RGB' || family === 'CMYK') return {};
  if (family !== 'Indexed') return undefined;
  switch (spaceFamily(space.get(1))) {
    case 'Gray':
      return { colorSpace: mupdf.ColorSpace.DeviceGray, name: '/DeviceGray' };
    case 'RGB':
      return { colorSpace: mupdf.ColorSpace.DeviceRGB, name: '/DeviceRGB' };
    case 'CMYK':
      return { colorSpace: mupdf.ColorSpace.DeviceCMYK, name: '/DeviceCMYK' };
    default:
      return undefined;
  }
}

function spaceFamily(space: mupdf.PDFObject): 'Gray' | 'RGB' | 'CMYK' | 'Indexed' | undefined {
  const name = space.isName() ? space.asName() : space.isArray() ? nameOf(space.get(0)) : undefined;
  switch (name) {
    case 'DeviceGray':
    case 'G':
    case 'CalGray':
      return 'Gray';
    case 'DeviceRGB':
    case 'RGB':
    case 'CalRGB':
      return 'RGB';
    case 'DeviceCMYK':
    case 'CMYK':
      return 'CMYK';
    case 'Indexed':
    case 'I':
      return 'Indexed';
    case 'ICCBased': {
      const components = numberOf(space.get(1).get('N'));
      return components === 1 ? 'Gray' : components === 3 ? 'RGB' : components === 4 ? 'CMYK' : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Draws the image into a pixmap of the given size. MuPDF decodes at a reduced scale where it can (JPEG) and
 * filters down smoothly; /Decode arrays and inverted Adobe CMYK are applied on the way, so the pixels are final.
 */
function drawImage(image: mupdf.Image, space: mupdf.ColorSpace | null, width: number, height: number): mupdf.Pixmap {
  if (!space) throw new Error('image without a colour space');
  const pixmap = new mupdf.Pixmap(space, [0, 0, width, height], false);
  // White paper: 0 in subtractive spaces. The image covers every pixel; this only matters at the edges.
  pixmap.clear(space.isSubtractive() ? 0 : 255);
  const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
  try {
    device.fillImage(image, [width, 0, 0, height, 0, 0], 1);
    device.close();
  } finally {
    device.destroy();
  }
  return pixmap;
}

async function sampleSoftMask(
  doc: mupdf.PDFDocument,
  ref: mupdf.PDFObject,
  width: number,
  height: number,
  folder: string,
): Promise<SampledImage['smask']> {
  const object = ref.asIndirect();
  const maskWidth = numberOf(ref.get('Width'));
  const maskHeight = numberOf(ref.get('Height'));
  // A mask already no larger than the new image stays as it is: PDF does not need the sizes to match.
  if (maskWidth <= width && maskHeight <= height) return undefined;
  const mask = doc.loadImage(ref);
  try {
    const pixmap = drawImage(mask, mupdf.ColorSpace.DeviceGray, width, height);
    try {
      const pixels = join(folder, `mask-${object}.raw`);
      await writeFile(pixels, packPixels(pixmap));
      const originalBytes = streamBytes(ref);
      return { object, sourceWidth: maskWidth, sourceHeight: maskHeight, width, height, pixels, originalBytes };
    } finally {
      pixmap.destroy();
    }
  } finally {
    mask.destroy();
  }
}

/**
 * A CMYK JPEG of these samples, as they are. MuPDF writes CMYK JPEGs only from a device CMYK pixmap (an ICC-based
 * one comes out converted to RGB), so the samples are copied into one; the PDF keeps its own /ColorSpace.
 * Not inverted: with the Adobe marker MuPDF writes, readers show these values as they are.
 */
function cmykJpeg(samples: Uint8Array, width: number, height: number, quality: number): Uint8Array {
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceCMYK, [0, 0, width, height], false);
  try {
    if (pixmap.getStride() !== width * 4) throw new Error('unexpected CMYK pixmap stride');
    pixmap.getPixels().set(samples);
    return pixmap.asJPEG(quality, false);
  } finally {
    pixmap.destroy();
  }
}

/** The pixmap's samples without row padding. */
function packPixels(pixmap: mupdf.Pixmap): Uint8Array {
  const pixels = pixmap.getPixels();
  const row = pixmap.getWidth() * pixmap.getNumberOfComponents();
  const stride = pixmap.getStride();
  const data = new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  if (stride === row) return Uint8Array.from(data);
  const packed = new Uint8Array(row * pixmap.getHeight());
  for (let y = 0; y < pixmap.getHeight(); y++) packed.set(data.subarray(y * stride, y * stride + row), y * row);
  return packed;
}

/** Flat graphics repeat exact colours from pixel to pixel; photographs and scans almost never do. */
function isFlat(pixels: Uint8Array, width: number, channels: number): boolean {
  const count = pixels.length / channels;
  // A sample of rows keeps this cheap on large images.
  const rows = count / width;
  const step = Math.max(1, Math.floor(rows / 200));
  let same = 0;
  let total = 0;
  for (let y = 0; y < rows; y += step) {
    const start = y * width * channels;
    for (let x = 1; x < width; x++) {
      const at = start + x * channels;
      let equal = true;
      for (let c = 0; c < channels; c++) {
        if (pixels[at + c] !== pixels[at - channels + c]) {
          equal = false;
          break;
        }
      }
      if (equal) same++;
      total++;
    }
  }
  return total > 0 && same / total > FLAT_SHARE;
}

function filtersOf(ref: mupdf.PDFObject): string[] {
  const filter = ref.get('Filter');
  if (filter.isName()) return [filter.asName()];
  if (!filter.isArray()) return [];
  const names: string[] = [];
  for (let i = 0; i < filter.length; i++) {
    const name = nameOf(filter.get(i));
    if (name) names.push(name);
  }
  return names;
}

/** Stored length of a stream: /Length, which the preflight made sure is right. */
function streamBytes(ref: mupdf.PDFObject): number {
  const length = ref.get('Length');
  return length.isNumber() ? length.asNumber() : ref.readRawStream().getLength();
}

function nameOf(value: mupdf.PDFObject): string | undefined {
  return value.isName() ? value.asName() : undefined;
}

function numberOf(value: mupdf.PDFObject): number {
  return value.isNumber() ? value.asNumber() : 0;
}
