/**
 * The engine's public surface: what the server and the benchmarks call. Everything else is internal and may
 * move; test helpers for other workspaces are exported apart, under `@paperknife/engine/testing/*`.
 */

export { runTool } from './run-tool.js';
export { engineTools } from './registry.js';
export type { InputFile, ToolContext, ToolProgress, ToolResult, ToolRunner } from './tool-runner.js';

// Long-lived engines: started ahead of the first job, stopped on shutdown.
export { closeLibreOffice, isLibreOfficeReady, warmLibreOffice } from './libreoffice.js';
export { warmProcessSpawner } from './run-process.js';
export { closeMupdfPool, runMupdfTask } from './mupdf/pool.js';
export type { MupdfTaskOptions } from './mupdf/pool.js';

// What the benchmarks run as the reference tool beside ours.
export { grayPdfwriteSettings } from './ghostscript.js';
export { ocrJobs, ocrmypdfArguments } from './ocrmypdf.js';
// The measure Compress PDF picks JPEG qualities by, for the compress benchmark's scores.
export { lumaFidelity, windowGrid } from './image-fidelity.js';
