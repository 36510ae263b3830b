/**
 * One qpdf run, whoever runs it: the server's qpdf as a child process, or qpdf compiled to WebAssembly in a
 * browser worker (or in Node, for tests). Jobs name their files by plain names ("input-1.pdf", "merged.pdf");
 * each runner decides where those names live (a folder of the job on the server, the module's in-memory file
 * system in the browser) and runs qpdf in that folder, so the same argument list works on both.
 */
export interface QpdfRun {
  /** qpdf's arguments, file operands given as names from `inputs` and `outputs`. */
  readonly args: readonly string[];
  /** Files the run reads, by name (a password file or a job's JSON among them). */
  readonly inputs: ReadonlyMap<string, QpdfFile>;
  /** Names of the files the run writes, read back afterwards. */
  readonly outputs: readonly string[];
}

/**
 * A file handed to a run or back from one: bytes in memory (the browser's inputs), a Blob (what qpdf wrote in the
 * browser, kept by the browser outside the tab's memory), or a path on disk the server holds.
 */
export type QpdfFile = { readonly bytes: Uint8Array } | { readonly blob: Blob } | { readonly path: string };

export interface QpdfRunResult {
  /** qpdf's exit status: 0 done, 2 errors, 3 done with warnings (qpdf's own convention). */
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Each name in `outputs` that the run wrote. */
  readonly outputs: ReadonlyMap<string, QpdfFile>;
}

export interface QpdfRunner {
  run(run: QpdfRun, signal?: AbortSignal): Promise<QpdfRunResult>;
  /**
   * Up to `length` bytes of a file the runner handed back, from `offset` (fewer at its end): what a job reads of
   * qpdf's outputs (its JSON, the end of a PDF it extends) without loading a large file whole on the server.
   */
  read(file: QpdfFile, offset: number, length: number): Promise<Uint8Array>;
  size(file: QpdfFile): Promise<number>;
  /** The file with `bytes` added at its end: the same file on disk, a new array in memory. */
  append(file: QpdfFile, bytes: Uint8Array): Promise<QpdfFile>;
}
