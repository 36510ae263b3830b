/**
 * The engine's public surface: what the server and the benchmarks call. Everything else is internal and may
 * move; test helpers for other workspaces are exported apart, under `@paperknife/engine/testing/*`.
 */

export { runTool } from './run-tool.js';
export { engineTools } from './registry.js';
export { identifyFileAt } from './preflight/file-type.js';
export { listFormFieldsOf } from './forms/list-form-fields.js';
export type { InputFile, ToolContext, ToolProgress, ToolResult, ToolRunner } from './jobs/tool-runner.js';

// Long-lived engines: started ahead of the first job, stopped on shutdown.
export {
  closeLibreOffice,
  isLibreOfficeReady,
  setLibreOfficeIdleStop,
  warmLibreOffice,
} from './programs/libreoffice.js';
export { warmProcessSpawner } from './programs/run-process.js';
export { closeMupdfPool, warmMupdfPool } from './mupdf/pool.js';
export { pageJpegOptions } from './tools/pdf-to-jpg.js';

// What the benchmarks run as the reference tool beside ours.
export { grayPdfwriteSettings } from './programs/ghostscript.js';
export { ocrJobs, ocrmypdfArguments } from './programs/ocrmypdf.js';
// The measure Compress PDF picks JPEG qualities by, for the compress benchmark's scores.
export { lumaFidelity, windowGrid } from './compress/image-fidelity.js';
