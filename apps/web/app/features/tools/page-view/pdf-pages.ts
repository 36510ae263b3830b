import { type MetadataField, infoKeys, isoFromPdfDate, metadataFields } from '@paperknife/catalog/document-metadata';
import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { previewsMayDraw } from '~/features/tools/device/previews-wait';

/**
 * A PDF opened in the browser with pdf.js, for thumbnails only: the file never leaves the device for this, and
 * neither does its password. pdf.js (about 1 MB with its worker) is imported on the first call, so no page pays
 * for it before a file is dropped. The worker is a hashed asset of our own origin (CSP worker-src 'self').
 */

export interface PageSize {
  /** In PDF points, with the page's own /Rotate applied. */
  width: number;
  height: number;
}

export interface RenderedPage {
  /** Resolves when drawn; rejects with a `RenderCancelled` when cancelled. */
  done: Promise<void>;
  cancel: () => void;
}

export interface PdfPages {
  pageCount: number;
  /** The first page's size, for laying out cells before the other pages are read. */
  firstPageSize: PageSize;
  pageSize(pageNumber: number): Promise<PageSize>;
  /**
   * Draws a page into `canvas`, scaled to fit `cssWidth` CSS pixels wide (sharp on high-density screens), turned
   * `extraRotation` degrees clockwise on top of the page's own rotation.
   */
  render(pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number, extraRotation?: number): RenderedPage;
  /** Frees the worker and every cached page; the handle is unusable afterwards. */
  destroy(): Promise<void>;
}

export type PdfPagesProblem = 'password-needed' | 'password-wrong' | 'damaged';

/** Why a PDF cannot be shown: it needs a password, the one given is wrong, or pdf.js cannot read it. */
export class PdfPagesError extends Error {
  constructor(
    readonly problem: PdfPagesProblem,
    options?: ErrorOptions,
  ) {
    super(problem, options);
    this.name = 'PdfPagesError';
  }
}

export class RenderCancelled extends Error {
  constructor() {
    super('render cancelled');
    this.name = 'RenderCancelled';
  }
}

/** Device pixels per CSS pixel for thumbnails: sharp on high-density screens, capped at 2 to bound memory. */
const pixelDensity = () => Math.min(globalThis.devicePixelRatio || 1, 2);

// pdf.js PasswordResponses: NEED_PASSWORD 1, INCORRECT_PASSWORD 2.
const INCORRECT_PASSWORD = 2;

type PdfJs = typeof PdfJsModule;
let loaded: Promise<{ library: PdfJs; worker: InstanceType<PdfJs['PDFWorker']> }> | undefined;

/** pdf.js and one worker for the page's lifetime, shared by every document (merge opens one per file). */
function pdfjs() {
  loaded ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([library, workerUrl]) => {
      library.GlobalWorkerOptions.workerSrc = workerUrl.default;
      return { library, worker: new library.PDFWorker() };
    },
  );
  return loaded;
}

/**
 * Starts loading pdf.js and its worker without opening anything: called when a file is dropped, so they load
 * while the file is being checked rather than after.
 */
export function warmUpPdfJs(): void {
  void pdfjs();
}

/**
 * The document properties of a PDF, read in the browser (Edit metadata shows them before they are changed): the
 * Info dictionary's values by the catalogue's field names, dates in the options' ISO form.
 */
export async function readDocumentInfo(file: Blob): Promise<Partial<Record<MetadataField, string>>> {
  const [{ library, worker }, bytes] = await Promise.all([pdfjs(), file.arrayBuffer()]);
  const task = library.getDocument({ data: new Uint8Array(bytes), worker, isEvalSupported: false });
  try {
    const document = await task.promise;
    const info = (await document.getMetadata()).info as Record<string, unknown>;
    const values: Partial<Record<MetadataField, string>> = {};
    for (const field of metadataFields) {
      const value = info[infoKeys[field]];
      if (typeof value !== 'string' || value.trim() === '') continue;
      const text = field === 'creationDate' || field === 'modDate' ? isoFromPdfDate(value) : value;
      if (text !== undefined) values[field] = text;
    }
    return values;
  } finally {
    await task.destroy();
  }
}

/** A file opened ahead (on drop, while the file row checks it), not yet taken by `loadPdfPages`. */
let ahead: { file: Blob; opening: Promise<PdfPages> } | undefined;

/**
 * Starts opening `file` now, so the thumbnails can start as soon as the page shows them; the next
 * `loadPdfPages(file)` without a password takes this one over. Opening another file ahead frees this one. With
 * `firstThumbnailWidth`, page 1 is drawn at that width too, so its thumbnail is a copy of pixels already there
 * when the grid appears.
 */
export function openAhead(file: Blob, firstThumbnailWidth?: number): void {
  if (ahead?.file === file) return;
  void ahead?.opening.then((pages) => pages.destroy()).catch(() => undefined);
  const opening = openPdfPages(file, undefined, firstThumbnailWidth);
  // Its failure is for `loadPdfPages` to report; a file dropped and removed again must not log it as unhandled.
  opening.catch(() => undefined);
  ahead = { file, opening };
}

/** Opens `file` (the password, if given, is used only here, in the browser). */
export function loadPdfPages(file: Blob, password?: string): Promise<PdfPages> {
  if (password === undefined && ahead?.file === file) {
    const { opening } = ahead;
    ahead = undefined;
    return opening;
  }
  return openPdfPages(file, password);
}

/** Renders running at once per document: page 1 first, and a fast scroll does not start a hundred at a time. */
const CONCURRENT_RENDERS = 2;

/** Hands out render slots in the order asked for (a render cancelled while it waited hands its slot straight on). */
export function renderSlots(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return {
    /** Resolves with the slot's release once one is free. */
    take(): Promise<() => void> {
      if (running < limit) {
        running++;
        return Promise.resolve(release);
      }
      return new Promise((resolve) =>
        waiting.push(() => {
          running++;
          resolve(release);
        }),
      );
    },
  };
}

/**
 * Files from this size on are read by pdf.js in parts, as the pages it draws need them, instead of whole: a 100 MB
 * PDF would otherwise be held once more in pdf.js's worker, for as long as its thumbnails show, beside the copy a
 * tool working on the device holds.
 */
const READ_IN_PARTS_BYTES = 16 * 1024 * 1024;

/**
 * The part pdf.js reads at a time, and keeps. Opening a document it reads every page object up to the last page; where
 * those sit between their pages' images, as most writers put them, each one costs a whole part: 400 pages kept a
 * 100 MB file whole at 256 KB, 13 MB at this size. Slices of a local file cost no round trip, so small parts are
 * cheap.
 */
const READ_PART_BYTES = 32 * 1024;

async function openPdfPages(file: Blob, password?: string, firstThumbnailWidth?: number): Promise<PdfPages> {
  const inParts = file.size >= READ_IN_PARTS_BYTES;
  // Read the file while pdf.js and its worker load (when not warmed up already).
  const [{ library, worker }, bytes] = await Promise.all([pdfjs(), inParts ? undefined : file.arrayBuffer()]);
  const source = bytes
    ? // The buffer is handed (transferred) to the worker, not copied. The whole file is in memory: no ranges or
      // streaming to set up.
      { data: new Uint8Array(bytes), disableRange: true }
    : { range: readInParts(library, file, () => void task.destroy()), rangeChunkSize: READ_PART_BYTES };
  const task = library.getDocument({
    ...source,
    worker,
    ...(password !== undefined ? { password } : {}),
    // PostScript functions are compiled with `new Function` unless told not to; the CSP forbids eval.
    isEvalSupported: false,
    // Fonts go through the FontFace API; no remote font or CMap data is fetched.
    useSystemFonts: true,
    // Nothing read ahead of what the pages drawn need.
    disableStream: true,
    disableAutoFetch: true,
  });
  let document: PDFDocumentProxy;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    // pdf.js 5 does not export its PasswordException class; its name and code are the documented contract.
    if (error instanceof Error && error.name === 'PasswordException') {
      const code = (error as Error & { code?: unknown }).code;
      throw new PdfPagesError(code === INCORRECT_PASSWORD ? 'password-wrong' : 'password-needed', {
        cause: error,
      });
    }
    throw new PdfPagesError('damaged', { cause: error });
  }

  const sizeOf = async (pageNumber: number): Promise<PageSize> => {
    const page = await document.getPage(pageNumber);
    const { width, height } = page.getViewport({ scale: 1 });
    return { width, height };
  };
  let firstPageSize: PageSize;
  try {
    firstPageSize = await sizeOf(1);
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw new PdfPagesError('damaged', { cause: error });
  }

  const slots = renderSlots(CONCURRENT_RENDERS);

  /** Draws a page into `canvas` at `cssWidth` CSS pixels wide, once a render slot is free. */
  const draw = (
    pageNumber: number,
    canvas: HTMLCanvasElement,
    cssWidth: number,
    extraRotation: number,
  ): RenderedPage => {
    let task: RenderTask | undefined;
    let cancelled = false;
    const done = (async () => {
      const release = await slots.take();
      try {
        await previewsMayDraw();
        if (cancelled) throw new RenderCancelled();
        const page = await document.getPage(pageNumber);
        if (cancelled) throw new RenderCancelled();
        const rotation = (page.rotate + extraRotation) % 360;
        const unscaled = page.getViewport({ scale: 1, rotation });
        const viewport = page.getViewport({ scale: (cssWidth * pixelDensity()) / unscaled.width, rotation });
        canvas.width = Math.max(1, Math.floor(viewport.width));
        canvas.height = Math.max(1, Math.floor(viewport.height));
        task = page.render({ canvas, viewport, background: 'white' });
        try {
          await task.promise;
        } catch (error) {
          if (cancelled || (error instanceof Error && error.name === 'RenderingCancelledException')) {
            throw new RenderCancelled();
          }
          throw error;
        } finally {
          // Drops the page's decoded images and operator lists; the canvas keeps the pixels.
          page.cleanup();
        }
      } finally {
        release();
      }
    })();
    return {
      done,
      cancel() {
        cancelled = true;
        task?.cancel();
      },
    };
  };

  // Page 1 drawn ahead (see openAhead), kept until its thumbnail takes it.
  let firstDrawnAhead: { cssWidth: number; canvas: HTMLCanvasElement; done: Promise<void> } | undefined;
  if (firstThumbnailWidth !== undefined && typeof globalThis.document !== 'undefined') {
    const canvas = globalThis.document.createElement('canvas');
    const rendering = draw(1, canvas, firstThumbnailWidth, 0);
    rendering.done.catch(() => undefined);
    firstDrawnAhead = { cssWidth: firstThumbnailWidth, canvas, done: rendering.done };
  }

  return {
    pageCount: document.numPages,
    firstPageSize,
    pageSize: sizeOf,
    render(pageNumber, canvas, cssWidth, extraRotation = 0) {
      const drawnAhead = firstDrawnAhead;
      if (pageNumber !== 1 || extraRotation !== 0 || drawnAhead?.cssWidth !== cssWidth) {
        return draw(pageNumber, canvas, cssWidth, extraRotation);
      }
      firstDrawnAhead = undefined;
      let cancelled = false;
      let fallback: RenderedPage | undefined;
      const done = drawnAhead.done.then(
        () => {
          if (cancelled) throw new RenderCancelled();
          canvas.width = drawnAhead.canvas.width;
          canvas.height = drawnAhead.canvas.height;
          canvas.getContext('2d')?.drawImage(drawnAhead.canvas, 0, 0);
          drawnAhead.canvas.width = 0;
          drawnAhead.canvas.height = 0;
        },
        () => {
          if (cancelled) throw new RenderCancelled();
          fallback = draw(pageNumber, canvas, cssWidth, extraRotation);
          return fallback.done;
        },
      );
      return {
        done,
        cancel() {
          cancelled = true;
          fallback?.cancel();
        },
      };
    },
    async destroy() {
      if (firstDrawnAhead) firstDrawnAhead.canvas.width = 0;
      firstDrawnAhead = undefined;
      await task.destroy();
    },
  };
}

/** pdf.js's source for a file read in parts: each range it asks for, sliced from the file (on disk, not in memory). */
function readInParts(library: PdfJs, file: Blob, failed: () => void): InstanceType<PdfJs['PDFDataRangeTransport']> {
  const transport = new library.PDFDataRangeTransport(file.size, null);
  transport.requestDataRange = (begin: number, end: number) => {
    file
      .slice(begin, end)
      .arrayBuffer()
      .then(
        (buffer) => transport.onDataRange(begin, new Uint8Array(buffer)),
        // The file cannot be read any more (changed or removed on disk): the document fails rather than waits.
        failed,
      );
  };
  return transport;
}

/** The contents of the file attached to a PDF under `name` (Compare PDF's report carries its differences so). */
export async function readAttachment(file: Blob, name: string): Promise<Uint8Array | undefined> {
  const [{ library, worker }, bytes] = await Promise.all([pdfjs(), file.arrayBuffer()]);
  const task = library.getDocument({ data: new Uint8Array(bytes), worker, isEvalSupported: false });
  try {
    const document = await task.promise;
    const attachments = (await document.getAttachments()) as Record<string, { content: Uint8Array }> | null;
    return attachments?.[name]?.content;
  } finally {
    await task.destroy();
  }
}
