import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { findPageImages } from '@paperknife/mupdf-jobs/page-images';
import { openPdf } from '../mupdf/open-pdf.js';

export interface ExtractImagesPayload {
  input: string;
  /** Where the image files go (the job folder). */
  folder: string;
}

export interface ExtractedImage {
  /** 1-based page where the image is first drawn. */
  page: number;
  /** A JPEG file copied byte for byte from the PDF... */
  jpeg?: string;
  /** ...or raw 8-bit pixels for the main thread to encode as PNG. */
  pixels?: string;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** What the pages hold: the images extracted, and how many could not be decoded and were left out. */
export interface ExtractedImages {
  images: ExtractedImage[];
  undecodable: number;
}

/**
 * Every image drawn on the pages, once: the finding the device runs too (`@paperknife/mupdf-jobs/page-images`:
 * JPEGs as stored, the others decoded with their masks as alpha, damaged ones left out and counted), each written to
 * the job folder as it is found, for the main thread to name and encode. See docs/decisions/021.
 */
export async function extractPageImages(payload: ExtractImagesPayload): Promise<ExtractedImages> {
  const doc = openPdf(payload.input);
  try {
    const images: ExtractedImage[] = [];
    const { undecodable } = await findPageImages(mupdf, doc, (image) => {
      const base = join(payload.folder, `image-${image.object}`);
      if ('jpeg' in image) {
        writeFileSync(`${base}.jpg`, image.jpeg);
        const { page, width, height, channels } = image;
        images.push({ page, jpeg: `${base}.jpg`, width, height, channels });
        return;
      }
      const { data, width, height, channels } = image.pixels;
      writeFileSync(`${base}.raw`, data);
      images.push({ page: image.page, pixels: `${base}.raw`, width, height, channels });
    });
    return { images, undecodable };
  } finally {
    doc.destroy();
  }
}
