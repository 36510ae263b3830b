import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ToolError } from '@paperknife/catalog/errors';
import { FUNCTIONS_PREFIX, OPENAPI_PATH } from '@paperknife/catalog/http-api';
import type { ToolEntry } from '@paperknife/catalog/tool-entry';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { type ToolId, toolIds, tools } from '@paperknife/catalog/tools';
import type { ServerConfig } from './env.js';
import type { JobQueue } from './job-queue.js';
import type { ServerMetrics } from './metrics.js';
import {
  describeOnlyValidator,
  functionDocumentTransform,
  functionRouteSchema,
  functionSchemaTransform,
  openApiHead,
} from './function-schemas.js';
import { formFieldRoutes } from './form-field-routes.js';
import { jobRoutes } from './job-routes.js';
import type { JobStore } from './job-store.js';
import type { RequestFolder, TempFolders } from './temp-folders.js';
import { extraSlotsFor, receiveToolRequest, runWithinLimits, sendToolResult } from './tool-run.js';

export interface FunctionRoutesOptions {
  config: ServerConfig;
  queue: JobQueue;
  temp: TempFolders;
  metrics: ServerMetrics;
  jobs: JobStore;
}

/** Headers a browser page on another origin may read from our answers: every tool's report headers among them. */
const EXPOSED_HEADERS = [
  'Content-Disposition',
  ...new Set(toolIds.flatMap((id) => ((tools[id] as ToolEntry).responseHeaders ?? []).map((header) => header.name))),
  'Retry-After',
];

/** Room for multipart boundaries and option fields on top of the file bytes. */
const MULTIPART_OVERHEAD = 1024 * 1024;

/** Largest JSON body: the request limit in base64 (4 characters per 3 bytes) plus room for the options. */
export function jsonBodyLimit(config: ServerConfig): number {
  return Math.ceil((config.limits.maxRequestBytes * 4) / 3) + MULTIPART_OVERHEAD;
}

/**
 * `POST {FUNCTIONS_PREFIX}/{function}` for every tool of the catalogue, and the OpenAPI document that
 * @fastify/swagger writes from their schemas. Registered under the prefix, with CORS for that prefix only.
 */
export const functionRoutes: FastifyPluginAsync<FunctionRoutesOptions> = async (app, deps) => {
  const { config, queue, temp, metrics, jobs } = deps;
  const { limits } = config;
  const folders = new WeakMap<FastifyRequest, RequestFolder>();

  await app.register(cors, {
    origin: config.corsOrigin === '*' ? '*' : config.corsOrigin.split(',').map((origin) => origin.trim()),
    credentials: false,
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });

  // The response is over (sent, failed): the request's folder goes. Aborted clients are handled in the route.
  app.addHook('onResponse', async (request) => {
    folders.get(request)?.release();
  });

  // Registered here, not on the app, so the document holds this plugin's routes only.
  await app.register(swagger, {
    openapi: openApiHead(config),
    transform: functionSchemaTransform,
    transformObject: functionDocumentTransform,
  });
  // Error answers go out through the zod error schema, so an answer the document does not describe fails here.
  app.setSerializerCompiler(serializerCompiler);

  // This plugin is registered under FUNCTIONS_PREFIX, so its paths are relative to it.
  app.get(OPENAPI_PATH.slice(FUNCTIONS_PREFIX.length), { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return app.swagger();
  });

  /** Turns a request away before its upload is read when it cannot succeed anyway. */
  const refuseEarly = async (request: FastifyRequest) => {
    const length = Number(request.headers['content-length'] ?? 0);
    const isJson = request.headers['content-type']?.includes('json') ?? false;
    const max = isJson ? jsonBodyLimit(config) : limits.maxRequestBytes + MULTIPART_OVERHEAD;
    if (length > max) throw new ToolError('file_too_large', 'This request is larger than the size limit.');
    const type = request.headers['content-type'];
    if (type !== undefined && !/^\s*(multipart\/form-data|application\/json)\b/i.test(type)) {
      throw new ToolError(
        'unsupported_file_type',
        'Send the files as multipart/form-data, or as application/json with base64 data.',
      );
    }
    if (queue.full) throw new ToolError('busy');
  };

  for (const id of toolIds) {
    app.post(
      `/${tools[id].functionName}`,
      {
        schema: functionRouteSchema(id, config),
        validatorCompiler: describeOnlyValidator,
        bodyLimit: jsonBodyLimit(config),
        onRequest: refuseEarly,
        config: { rateLimit: { max: config.rateLimit, timeWindow: 60_000 } },
      },
      (request, reply) => handle(id, request, reply),
    );
  }

  // Fill PDF forms' field listing: POST /pdf-form-fields.
  await app.register(formFieldRoutes, { config, queue, temp, bodyLimit: jsonBodyLimit(config), refuseEarly });

  // The same functions as jobs: POST /jobs/{function}, then follow, download or cancel (docs/decisions/120).
  await app.register(jobRoutes, {
    prefix: '/jobs',
    config,
    queue,
    temp,
    metrics,
    jobs,
    bodyLimit: jsonBodyLimit(config),
    refuseEarly,
  });

  async function handle(id: ToolId, request: FastifyRequest, reply: FastifyReply) {
    const folder = await temp.create();
    folders.set(request, folder);
    // Aborted when the client goes away mid-upload, mid-job or mid-download: the engine stops and the folder goes.
    const clientDisconnect = new AbortController();
    const clientLeft = () => {
      if (!reply.raw.writableFinished)
        clientDisconnect.abort(new ToolError('processing_timeout', 'The client went away.'));
      folder.release();
    };
    reply.raw.once('close', clientLeft);
    request.raw.once('close', () => {
      if (!request.raw.complete) clientLeft();
    });

    let outcome = 'success';
    try {
      const received = await receiveToolRequest(id, request, folder, limits);
      const options = parseToolOptions(id, received.fields);
      const result = await queue.run(
        (cores) =>
          runWithinLimits(id, received.files, options, folder, {
            limits,
            metrics,
            signal: clientDisconnect.signal,
            cores,
          }),
        clientDisconnect.signal,
        extraSlotsFor(id, queue.concurrency),
      );
      return await sendToolResult(reply, result);
    } catch (error) {
      outcome = clientDisconnect.signal.aborted
        ? 'aborted'
        : error instanceof ToolError
          ? error.code
          : 'internal_error';
      throw error;
    } finally {
      metrics.jobs.inc({ tool: id, outcome });
    }
  }
};
