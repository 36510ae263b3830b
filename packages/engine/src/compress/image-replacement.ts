import type { EncodedImage } from './image-recompress.js';

/** A filter of a new image stream: an encoding of image-recompress.ts, or CCITT G4 from the worker. */
export type ReplacementFilter = EncodedImage['filter'] | '/CCITTFaxDecode';

/** An image stream's new data and dictionary values, swapped in by the qpdf update (object-update.ts). */
export interface Replacement {
  object: number;
  /** A soft mask is swapped with its image but not counted as an image of its own. */
  softMask: boolean;
  /** Pixel size MuPDF saw, checked against what qpdf reads under the same object number. */
  sourceWidth: number;
  sourceHeight: number;
  /** File holding the new stream data, already encoded with `filter`. */
  data: string;
  filter: ReplacementFilter;
  /** For CCITT G4 data: /K, /Columns, /Rows, /BlackIs1. */
  decodeParms?: Record<string, number | boolean>;
  width: number;
  height: number;
  bitsPerComponent: 1 | 8;
  colorSpace?: string;
  /** The new data decodes to the old samples: the image's /Decode stays. */
  keepDecode?: boolean;
}
