import type { ToolId } from '@paperknife/catalog/tools';
import { mupdfDeviceToolIds as mupdfJobToolIds } from '@paperknife/mupdf-jobs/mupdf-jobs';
import { deviceToolIds as jobToolIds } from '@paperknife/qpdf-jobs/qpdf-jobs';

/**
 * The page tools that can also run in the browser (qpdf compiled to WebAssembly): the job functions' own list, as
 * data, so a tool page knows it without loading the jobs or the catalogue's schemas (decision 074's prebuilt data).
 */
export const deviceToolIds: readonly ToolId[] = [...jobToolIds];

/** The tools whose device way is mupdf.js (decision 211): the MuPDF job functions' own list, as data. */
export const mupdfDeviceToolIds: readonly ToolId[] = [...mupdfJobToolIds];
