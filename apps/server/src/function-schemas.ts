import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodeList, errorCodes } from '@paperknife/catalog/errors';
import { formatMegabytes } from '@paperknife/catalog/limits';
import type { ToolEntry } from '@paperknife/catalog/tool-entry';
import { type JsonSchema, optionsJsonSchema, toolResponseHeaders } from '@paperknife/catalog/tool-options';
import { type ToolId, maxFilesFor, toolDownloads, tools } from '@paperknife/catalog/tools';
import type { ServerConfig } from './env.js';

/**
 * The route schemas of `POST {FUNCTIONS_PREFIX}/{function}`, from which @fastify/swagger writes the OpenAPI 3.1
 * document. Answers are zod schemas (the error body is checked on the way out); the request bodies are the
 * catalogue's JSON Schema, because they are multipart streams or base64 JSON checked by `parseToolOptions`
 * after the upload (see docs/decisions/050-openapi-from-route-schemas.md).
 */

/** The JSON body of every error answer; a component of the document, referenced by every error status. */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodeList),
      message: z.string().describe('What went wrong and what to do, for a person to read.'),
    }),
  })
  .meta({ id: 'Error' });

/** A file in a multipart form or in an answer. */
const binary: JsonSchema = { type: 'string', format: 'binary' };
const binaryFile = z.string().meta({ format: 'binary' });

export const base64File: JsonSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    name: { type: 'string', maxLength: 255, description: 'File name, used to name files inside ZIP results.' },
    data: { type: 'string', contentEncoding: 'base64', description: 'The file content, base64-encoded.' },
  },
};

const retryAfter: JsonSchema = { type: 'integer', description: 'Seconds to wait.' };

/** Error codes grouped by HTTP status, e.g. [413, ['file_too_large', 'too_many_pages']]. */
const errorsByStatus = (() => {
  const groups = new Map<number, string[]>();
  for (const code of errorCodeList) {
    const { status } = errorCodes[code];
    groups.set(status, [...(groups.get(status) ?? []), code]);
  }
  return [...groups].sort(([a], [b]) => a - b);
})();

function multipartFileFields(id: ToolId, config: ServerConfig): { properties: JsonSchema; required: string[] } {
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

/** A tool's second upload (Fill PDF forms' rows), in its own field. */
function dataFileField(id: ToolId): { multipart: JsonSchema; json: JsonSchema } {
  const spec = (tools[id] as ToolEntry).dataFile;
  if (!spec) return { multipart: {}, json: {} };
  const size = `at most ${formatMegabytes(spec.maxBytes)}`;
  const description = spec.description
    ? `${spec.description} Each file ${size}.`
    : `Optional: rows of values (${spec.extensions.join(' or ')}), one filled copy per row; ${size}.`;
  if ((spec.maxCount ?? 1) > 1) {
    return {
      multipart: {
        [spec.field]: {
          type: 'array',
          items: binary,
          maxItems: spec.maxCount,
          description: `${description} Repeat the field for each file.`,
        },
      },
      json: { [spec.field]: { type: 'array', items: base64File, maxItems: spec.maxCount, description } },
    };
  }
  return {
    multipart: { [spec.field]: { ...binary, description } },
    json: { [spec.field]: { ...base64File, description } },
  };
}

/** The request body a tool accepts: multipart/form-data, or JSON with base64 files; its options either way. */
export function requestBody(id: ToolId, config: ServerConfig): JsonSchema {
  const tool = tools[id];
  const options = optionsJsonSchema(id);
  const files = multipartFileFields(id, config);
  const data = dataFileField(id);
  return {
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { ...files.properties, ...data.multipart, ...options.properties },
          required: [...files.required, ...options.required],
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
              maxItems: maxFilesFor(id, config.limits),
            },
            ...(tool.files.max === 1 ? { file: { ...base64File, description: 'Same as files[0].' } } : {}),
            ...data.json,
            ...options.properties,
          },
          required: options.required,
        },
      },
    },
  };
}

/** The answers of a tool: its download(s) with their headers, and every error status with its codes. */
function responses(id: ToolId): Record<number, JsonSchema> {
  const downloads = toolDownloads(id);
  const headers: Record<string, JsonSchema> = {
    'Content-Disposition': {
      type: 'string',
      description: `attachment; the download name (${downloads.map((d) => d.name).join(' or ')}).`,
    },
  };
  for (const { name, description } of toolResponseHeaders(id)) headers[name] = { type: 'integer', description };
  const answers: Record<number, JsonSchema> = {
    200: {
      description: `The result: ${downloads.map((d) => d.name).join(', or for a one-page PDF ')}.`,
      headers,
      content: Object.fromEntries(downloads.map((d) => [d.contentType, { schema: binaryFile }])),
    },
  };
  return { ...answers, ...errorResponses() };
}

/** Every error status a tool can answer with, and its codes (the job API's result answers them too). */
export function errorResponses(): Record<number, JsonSchema> {
  const answers: Record<number, JsonSchema> = {};
  for (const [status, codes] of errorsByStatus) {
    answers[status] = {
      description: `Error codes: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
      ...(status === 429 || status === 503 ? { headers: { 'Retry-After': retryAfter } } : {}),
      content: { 'application/json': { schema: apiErrorSchema } },
    };
  }
  return answers;
}

/** The schema of one tool's route: what @fastify/swagger turns into its operation. */
export function functionRouteSchema(id: ToolId, config: ServerConfig): FastifySchema {
  const tool = tools[id];
  return {
    operationId: tool.functionName,
    summary: tool.title,
    description: tool.description,
    tags: ['functions'],
    body: requestBody(id, config),
    response: responses(id),
  } as FastifySchema;
}

/**
 * The function routes' body schemas describe; they do not check. A multipart body is a stream Fastify never
 * sees, and the JSON body is checked by the same `parseToolOptions` as the form, so both speak the catalogue's
 * error codes and messages.
 */
export const describeOnlyValidator: FastifySchemaCompiler<unknown> = () => (value) => ({ value });

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * Writes the zod parts of a route schema as JSON Schema (fastify-type-provider-zod), and keeps what that
 * transform cannot carry: a body with one schema per content type, and the response headers.
 */
export const functionSchemaTransform: SwaggerTransform = (document) => {
  const { body, response, ...rest } = document.schema as FastifySchema & { response?: Record<string, JsonSchema> };
  const converted = zodTransform({ ...document, schema: { ...rest, response } });
  const schema = converted.schema as FastifySchema & { response?: Record<string, JsonSchema>; hide?: boolean };
  if (schema.hide) return converted;
  for (const [status, answer] of Object.entries(response ?? {})) {
    const written = schema.response?.[status];
    if (written && answer['headers']) written['headers'] = answer['headers'];
  }
  return { url: converted.url, schema: body === undefined ? schema : { ...schema, body } };
};

/**
 * Adds the zod components (Error) to the document. The plugin writes each component twice, as read (`ErrorInput`)
 * and as written; only what a route refers to stays.
 */
export const functionDocumentTransform: SwaggerTransformObject = (document) => {
  const written = jsonSchemaTransformObject(document);
  const schemas = (written as { components?: { schemas?: Record<string, unknown> } }).components?.schemas;
  if (!schemas) return written;
  const text = JSON.stringify({ ...written, components: {} });
  for (const name of Object.keys(schemas)) {
    if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return written;
};

/** The document's head: OpenAPI 3.1, what the API is, its limits, and the optional bearer token. */
export function openApiHead(config: ServerConfig): FastifyDynamicSwaggerOptions['openapi'] {
  const { limits } = config;
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
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Optional; not checked.' } },
    },
  };
}
