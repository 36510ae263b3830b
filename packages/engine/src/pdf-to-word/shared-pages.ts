import type { MessagePort } from 'node:worker_threads';

/*
 * How PDF to Word's task and its helper share out the pages. No MuPDF here: the tool, on the main thread, makes the
 * claims and needs these names without loading MuPDF's WASM.
 */

/**
 * Pages shared between the PDF to Word task and its helper on the pool's other worker (docs/decisions/151): each
 * takes the next page not yet taken, so the two split the work however fast each runs, and a helper that starts
 * late, or never, only takes fewer pages. The helper sends each page it reads over `port`.
 */
export interface SharedPages {
  /**
   * On a SharedArrayBuffer, 2 + the page count long: [0] the next page to take; [1] set to 1 by the tool once the
   * helper has stopped without sending every page it took; [2 + i] who took page i (TASK or HELPER).
   */
  claims: Int32Array;
  port: MessagePort;
}

/** A page read by the helper, as it sends it to the task. */
export interface HelperPage<Read> {
  page: number;
  read: Read;
}

export const HELPER_GONE = 1;
export const TASK = 1;
export const HELPER = 2;

/** The space `claims` needs for a document of `pageCount` pages. */
export const claimsLength = (pageCount: number) => 2 + pageCount;

/** The next page for `who` to read, or undefined when every page (of `count`) is taken. */
export function takePage(claims: Int32Array, count: number, who: typeof TASK | typeof HELPER): number | undefined {
  const index = Atomics.add(claims, 0, 1);
  // A document with more pages than the tool counted: the pages past the claims are the task's, read at the end.
  if (index >= count || 2 + index >= claims.length) return undefined;
  Atomics.store(claims, 2 + index, who);
  return index;
}

/** Who took page `index`: TASK, HELPER, or 0 for nobody. */
export const takenBy = (claims: Int32Array, index: number) =>
  2 + index < claims.length ? Atomics.load(claims, 2 + index) : 0;
