import type * as mupdf from 'mupdf';

/**
 * The `mupdf` module (mupdf.js) as its caller loaded it: imported in a Node worker thread, or in a browser worker
 * after its WebAssembly was fetched from our origin. The jobs take it as an argument and never import it, so this
 * package holds no 10 MB of WebAssembly and loads none until a job runs.
 */
export type Mupdf = typeof mupdf;
