/**
 * What a tool's workspace needs once a file is dropped: the option form, its checks and the API calls. They read
 * the catalogue's zod schemas, so they come as one lazy chunk that starts loading with the first file, while that
 * file is checked (decision 074); the page before it runs without the catalogue.
 */
export { ToolError } from '@paperknife/catalog/errors';
export { formControls } from '@paperknife/catalog/option-form';
export { parseToolOptions } from '@paperknife/catalog/tool-options';
export { ToolRequestError, callTool, saveBlob } from '~/features/tools/api/api-client';
export { runToolJob, runsAsJob } from '~/features/tools/api/job-client';
export * from '~/features/tools/utils/tool-form';
export { ToolOptions, translatedMeta } from './tool-options';
