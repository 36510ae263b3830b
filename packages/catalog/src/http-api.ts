/** Where the public API answers: `POST {FUNCTIONS_PREFIX}/{functionName}`. */
export const FUNCTIONS_PREFIX = '/functions/v1';

/** The OpenAPI document of the API, generated from the catalogue's schemas. */
export const OPENAPI_PATH = `${FUNCTIONS_PREFIX}/openapi.json`;

/** Response headers a tool may add besides the file's own: compress's sizes before and after. */
export const sizeHeaders = {
  original: { name: 'X-Original-Size', description: 'Size of the upload in bytes.' },
  output: { name: 'X-Output-Size', description: 'Size of the result in bytes (never more than the upload).' },
} as const;
