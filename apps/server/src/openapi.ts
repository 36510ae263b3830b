import { errorCodeList, errorCodes } from '@paperknife/catalog/errors';
import { formatMegabytes } from '@paperknife/catalog/limits';
import { type JsonSchema, optionsJsonSchema, toolResponseHeaders } from '@paperknife/catalog/tool-options';
import { type ToolId, functionPath, maxFilesFor, toolDownloads, toolIds, tools } from '@paperknife/catalog/tools';
import type { ServerConfig } from './env.js';

function fileFields(
  id: ToolId,
  config: ServerConfig,
  binary: JsonSchema,
): { properties: JsonSchema; required: string[] } {
  const tool = tools[id];
  const max = maxFilesFor(id, config.limits);
  if (max === 1) {
    return { properties: { file: { ...binary, description: `The ${tool.input.label} file.` } }, required: ['file'] };
  }
  return {
    properties: {
      files: {
        type: 'array',
        items: binary,
        minItems: tool.files.min,
        maxItems: max,
        description: `The ${tool.input.label} files, in order (repeat the field for each file).`,
      },
    },
    required: ['files'],
  };
}

/** Error codes grouped by HTTP status, e.g. ['413', ['file_too_large', 'too_many_pages']]. */
const errorsByStatus = (() => {
  const groups = new Map<string, string[]>();
  for (const code of errorCodeList) {
    const status = String(errorCodes[code].status);
    groups.set(status, [...(groups.get(status) ?? []), code]);
  }
  return [...groups].sort(([a], [b]) => Number(a) - Number(b));
})();

/** The OpenAPI 3.1 document of the API, derived from the catalogue: one operation per tool. */
export function buildOpenApi(config: ServerConfig): JsonSchema {
  const { limits } = config;
  const paths: Record<string, JsonSchema> = {};
  for (const id of toolIds) {
    const tool = tools[id];
    const options = optionsJsonSchema(id);
    const multipartFiles = fileFields(id, config, { type: 'string', format: 'binary' });
    const base64File = {
      type: 'object',
      required: ['data'],
      properties: {
        name: { type: 'string', maxLength: 255, description: 'File name, used to name files inside ZIP results.' },
        data: { type: 'string', contentEncoding: 'base64', description: 'The file content, base64-encoded.' },
      },
    };
    const downloads = toolDownloads(id);
    const headers: Record<string, JsonSchema> = {
      'Content-Disposition': {
        description: `attachment; the download name (${downloads.map((d) => d.name).join(' or ')}).`,
        schema: { type: 'string' },
      },
    };
    for (const { name, description } of toolResponseHeaders(id)) {
      headers[name] = { description, schema: { type: 'integer' } };
    }
    const responses: Record<string, JsonSchema> = {
      '200': {
        description: `The result: ${downloads.map((d) => d.name).join(', or for a one-page PDF ')}.`,
        headers,
        content: Object.fromEntries(
          downloads.map((d) => [d.contentType, { schema: { type: 'string', format: 'binary' } }]),
        ),
      },
    };
    for (const [status, codes] of errorsByStatus) {
      responses[status] = {
        description: `Error codes: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
        ...(status === '429' || status === '503'
          ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } }
          : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    paths[functionPath(id)] = {
      post: {
        operationId: tool.functionName,
        summary: tool.title,
        description: tool.description,
        tags: ['functions'],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { ...multipartFiles.properties, ...options.properties },
                required: [...multipartFiles.required, ...options.required],
              },
            },
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  files: {
                    type: 'array',
                    items: base64File,
                    minItems: tool.files.min,
                    maxItems: maxFilesFor(id, limits),
                  },
                  ...(tool.files.max === 1 ? { file: { ...base64File, description: 'Same as files[0].' } } : {}),
                  ...options.properties,
                },
                required: options.required,
              },
            },
          },
        },
        responses,
      },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'PaperKnife API',
      version: '1.0.0',
      description: [
        'Free PDF tools over HTTP. Send files as multipart/form-data (or JSON with base64 data) and get the result',
        'file back. Nothing is kept: uploads live in a private temporary folder for the length of the request.',
        `Limits: ${formatMegabytes(limits.maxFileBytes)} per file, ${limits.maxFiles} files and`,
        `${formatMegabytes(limits.maxRequestBytes)} per request, ${limits.maxPages} pages per document,`,
        `${Math.round(limits.jobTimeoutMs / 1000)} s per job, ${config.rateLimit} requests per minute per address.`,
        'An `Authorization: Bearer <token>` header is accepted and not required.',
      ].join(' '),
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string', enum: errorCodeList },
                message: { type: 'string', description: 'What went wrong and what to do, for a person to read.' },
              },
            },
          },
        },
      },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Optional; not checked.' } },
    },
  };
}
