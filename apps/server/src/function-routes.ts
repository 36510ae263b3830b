import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ToolError } from '@paperknife/catalog/errors';
import { FUNCTIONS_PREFIX, OPENAPI_PATH, sizeHeaders } from '@paperknife/catalog/http-api';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { type ToolId, toolIds, tools } from '@paperknife/catalog/tools';
import { type InputFile, type ToolResult, runTool } from '@paperknife/engine';
import { attachmentHeader } from './content-disposition.js';
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
import { receiveJson, receiveMultipart } from './receive-uploads.js';
import type { RequestFolder, TempFolders } from './temp-folders.js';

export interface FunctionRoutesOptions {
  config: ServerConfig;
  queue: JobQueue;
  temp: TempFolders;
  metrics: ServerMetrics;
}

/** Headers a browser page on another origin may read from our answers. */
const EXPOSED_HEADERS = [
  'Content-Disposition',
  ...Object.values(sizeHeaders).map((header) => header.name),
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
  const { config, queue, temp, metrics } = deps;
  const { limits } = config;
  const folders = new WeakMap<FastifyRequest, RequestFolder>();

  await app.register(cors, {
    origin: config.corsOrigin === '*' ? '*' : config.corsOrigin.split(',').map((origin) => origin.trim()),
    credentials: false,
    methods: ['GET', 'POST', 'OPTIONS'],
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
      const received = await folder.track(() =>
        request.isMultipart()
          ? receiveMultipart(request, folder.path, id, limits)
          : request.body === undefined || request.body === null
            ? Promise.reject(new ToolError('missing_file', tools[id].noFileDescription))
            : receiveJson(request.body, folder.path, id, limits),
      );
      const options = parseToolOptions(id, received.fields);
      const result = await queue.run(
        () => runJob(id, received.files, options, folder, clientDisconnect.signal),
        clientDisconnect.signal,
      );
      const { size } = await stat(result.path);
      void reply
        .header('content-type', result.download.contentType)
        .header('content-disposition', attachmentHeader(result.download.name))
        .header('content-length', String(size))
        .header('cache-control', 'no-store');
      for (const [name, value] of Object.entries(result.headers ?? {})) void reply.header(name, value);
      return reply.send(createReadStream(result.path));
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

  async function runJob(
    id: ToolId,
    files: InputFile[],
    options: ReturnType<typeof parseToolOptions>,
    folder: RequestFolder,
    clientDisconnected: AbortSignal,
  ): Promise<ToolResult> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new ToolError('processing_timeout')), limits.jobTimeoutMs);
    const signal = AbortSignal.any([clientDisconnected, timeout.signal]);
    const stopTimer = metrics.durations.startTimer({ tool: id });
    const work = folder.track(() => runTool(id, files, options as never, { workDir: folder.path, limits, signal }));
    let onAbort: (() => void) | undefined;
    // The answer goes out at the time limit even if an engine is slow to stop; the folder waits for it.
    const aborted = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(signal.reason instanceof ToolError ? signal.reason : new ToolError('processing_timeout'));
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([work, aborted]);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal.removeEventListener('abort', onAbort);
      stopTimer();
      work.catch(() => undefined);
      aborted.catch(() => undefined);
    }
  }
};
