import * as mupdf from 'mupdf';

/**
 * Lets go of the shade a Device's `fillShade` callback was given, without dropping it. mupdf.js hands the callback
 * the shade MuPDF lends it wrapped in a Shade that took no reference of its own (its other callbacks keep the paths,
 * texts and colour spaces they wrap), yet registers it for finalization: when the wrapper is collected, at a random
 * later time, MuPDF's shade loses a reference it still needs. The page's shading then lives on freed memory in
 * MuPDF's store, and a later draw or malloc in the worker fails ("memory access out of bounds"). Call this once the
 * shade is drawn: the wrapper leaves the finalization registry and points at nothing. See docs/decisions/212.
 */
export function disownShade(shade: mupdf.Shade): void {
  const registry = (mupdf.Shade as unknown as { _finalizer?: FinalizationRegistry<number> })._finalizer;
  registry?.unregister(shade);
  (shade as unknown as { pointer: number }).pointer = 0;
}
