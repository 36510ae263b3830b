/**
 * A job running on the device comes before the page's previews: pdf.js drawing thumbnails while qpdf or MuPDF works
 * in its worker takes the same cores, and on a two-core phone or laptop it made the job the visitor is waiting for a
 * third slower. Previews asked for during a job start once no job runs; one already drawing finishes.
 */

let running = 0;
let waiting: Array<() => void> = [];

/** Holds new previews back until the returned function is called (once the job has ended, however it ended). */
export function holdPreviews(): () => void {
  running++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running--;
    if (running > 0) return;
    const ready = waiting;
    waiting = [];
    for (const resolve of ready) resolve();
  };
}

/** Resolves at once when no device job runs, else when the last one ends. */
export function previewsMayDraw(): Promise<void> {
  return running === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
}
