import type { ToolId } from '@paperknife/catalog/tools';
import { deviceToolIds as jobToolIds } from '@paperknife/qpdf-jobs/qpdf-jobs';

/**
 * The page tools that can also run in the browser (qpdf compiled to WebAssembly): the job functions' own list, as
 * data, so a tool page knows it without loading the jobs or the catalogue's schemas (decision 074's prebuilt data).
 */
export const deviceToolIds: readonly ToolId[] = [...jobToolIds];
