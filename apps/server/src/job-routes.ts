import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ToolError } from '@paperknife/catalog/errors';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { type ToolId, toolIds, tools } from '@paperknife/catalog/tools';
import { BUSY_RETRY_AFTER_S } from '@paperknife/catalog/http-api';
import { describeError } from './api-errors.js';
import type { ServerConfig } from './env.js';
import { describeOnlyValidator } from './function-schemas.js';
import type { JobQueue } from './job-queue.js';
import {
  type JobErrorCode,
  jobCancelRouteSchema,
  jobCreateRouteSchema,
  jobErrorCodes,
  jobEventsRouteSchema,
  jobResultRouteSchema,
  jobStatusRouteSchema,
} from './job-schemas.js';
import type { Job, JobStore, JobView } from './job-store.js';
import type { ServerMetrics } from './metrics.js';
import type { TempFolders } from './temp-folders.js';
import { extraSlotsFor, receiveToolRequest, runWithinLimits, sendToolResult } from './tool-run.js';

export interface JobRoutesOptions {
  config: ServerConfig;
  queue: JobQueue;
  temp: TempFolders;
  metrics: ServerMetrics;
  jobs: JobStore;
  /** The function routes' body limit (JSON with base64 files). */
  bodyLimit: number;
  /** The function routes' early refusal (size, content type, full queue), before any upload is read. */
  refuseEarly: (request: FastifyRequest) => Promise<void>;
}

/** Jobs that may hold files at once: twice what the queue holds (running and waiting), the rest awaiting download. */
export function maxJobsHoldingFiles(queue: Pick<JobQueue, 'concurrency' | 'queueSize'>): number {
  return 2 * (queue.concurrency + queue.queueSize);
}

/** A comment line every so often keeps proxies from closing a quiet event stream. */
const HEARTBEAT_MS = 15_000;
/** How long an event-stream client waits before reconnecting after a dropped connection. */
const RECONNECT_MS = 2000;

/**
 * The job API (docs/decisions/120), registered under `{FUNCTIONS_PREFIX}/jobs`: `POST /{function}` uploads and
 * queues a job in the same queue, limits and rate limit as the synchronous function; `GET /{id}` is its status,
 * `GET /{id}/events` the same as server-sent events, `GET /{id}/result` the file once, `DELETE /{id}` cancels.
 */
export const jobRoutes: FastifyPluginAsync<JobRoutesOptions> = async (app, deps) => {
  const { config, queue, temp, metrics, jobs, bodyLimit, refuseEarly } = deps;
  const { limits } = config;

  for (const id of toolIds) {
    app.post(
      `/${tools[id].functionName}`,
      {
        schema: jobCreateRouteSchema(id, config),
        validatorCompiler: describeOnlyValidator,
        bodyLimit,
        onRequest: refuseEarly,
        config: { rateLimit: { max: config.rateLimit, timeWindow: 60_000 } },
      },
      (request, reply) => create(id, request, reply),
    );
  }

  const routeOptions = { validatorCompiler: describeOnlyValidator } as const;
  type IdRequest = FastifyRequest<{ Params: { id: string } }>;

  app.get('/:id', { ...routeOptions, schema: jobStatusRouteSchema }, (request: IdRequest, reply) => {
    const job = jobs.get(request.params.id);
    if (!job) return refuse(reply, 'not_found');
    return reply.header('cache-control', 'no-store').send(job.view());
  });

  app.get('/:id/events', { ...routeOptions, schema: jobEventsRouteSchema }, (request: IdRequest, reply) => {
    const job = jobs.get(request.params.id);
    if (!job) return refuse(reply, 'not_found');
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no') // nginx: pass each event on at once
      .send(eventStream(job, reply));
  });

  app.get('/:id/result', { ...routeOptions, schema: jobResultRouteSchema }, async (request: IdRequest, reply) => {
    const job = jobs.get(request.params.id);
    if (!job) return refuse(reply, 'not_found');
    if (job.status === 'failed' && job.failure) {
      if (job.failure.status === 503) void reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
      return reply.code(job.failure.status).header('cache-control', 'no-store').send(job.failure.body);
    }
    if (job.status === 'cancelled') return refuse(reply, 'gone', 'This job was cancelled, and its files are deleted.');
    if (job.status !== 'done') return refuse(reply, 'not_finished');
    const result = jobs.takeResult(job);
    if (!result) return refuse(reply, 'gone');
    // The one download is over, sent or broken off: the files go.
    reply.raw.once('finish', () => job.folder.release());
    reply.raw.once('close', () => job.folder.release());
    return sendToolResult(reply, result);
  });

  app.delete('/:id', { ...routeOptions, schema: jobCancelRouteSchema }, (request: IdRequest, reply) => {
    const job = jobs.get(request.params.id);
    if (!job) return refuse(reply, 'not_found');
    jobs.cancel(job);
    return reply.header('cache-control', 'no-store').send(job.view());
  });

  async function create(id: ToolId, request: FastifyRequest, reply: FastifyReply) {
    const folder = await temp.create();
    let job: Job | undefined;
    // A client gone mid-upload leaves no job; once a job holds the folder, only the job's end removes it.
    request.raw.once('close', () => {
      if (!job && !request.raw.complete) folder.release();
    });
    try {
      const received = await receiveToolRequest(id, request, folder, limits);
      const options = parseToolOptions(id, received.fields);
      // The same test queue.run makes, here while the client still waits for an answer; and results nobody has
      // fetched yet are bounded too, so jobs cannot fill the disk past what the queue allows.
      if (queue.full || jobs.holdingFiles >= maxJobsHoldingFiles(queue)) throw new ToolError('busy');
      const started = jobs.create(id, folder);
      job = started;
      const work = queue.run(
        (cores) => {
          jobs.start(started);
          return runWithinLimits(id, received.files, options, folder, {
            limits,
            metrics,
            signal: started.signal,
            progress: (update) => jobs.progress(started, update),
            cores,
          });
        },
        started.signal,
        extraSlotsFor(id, queue.concurrency),
      );
      work.then(
        (result) => {
          jobs.succeed(started, result);
          metrics.jobs.inc({ tool: id, outcome: started.status === 'done' ? 'success' : started.status });
        },
        (error: unknown) => {
          const outcome =
            started.status === 'cancelled' ? 'cancelled' : error instanceof ToolError ? error.code : 'internal_error';
          if (outcome === 'internal_error') app.log.error({ err: describeError(error), tool: id }, 'job failed');
          else app.log.info({ code: outcome, tool: id }, 'job ended without a result');
          jobs.fail(started, error);
          metrics.jobs.inc({ tool: id, outcome });
        },
      );
      const view = started.view();
      return await reply.code(202).header('location', view.links.self).header('cache-control', 'no-store').send(view);
    } catch (error) {
      if (!job) folder.release();
      throw error;
    }
  }

  /** The job's status as server-sent events: now, on every change, and a last one when it ends. */
  function eventStream(job: Job, reply: FastifyReply): PassThrough {
    const stream = new PassThrough();
    let unsubscribe: () => void = () => undefined;
    const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
    };
    const send = (view: JobView) => {
      if (stream.writableEnded) return;
      stream.write(`event: status\ndata: ${JSON.stringify(view)}\n\n`);
      if (view.status === 'done' || view.status === 'failed' || view.status === 'cancelled') {
        stop();
        stream.end();
      }
    };
    reply.raw.once('close', () => {
      stop();
      stream.destroy();
    });
    stream.write(`retry: ${RECONNECT_MS}\n\n`);
    send(job.view());
    if (!stream.writableEnded) unsubscribe = jobs.subscribe(job, send);
    return stream;
  }
};

function refuse(reply: FastifyReply, code: JobErrorCode, message: string = jobErrorCodes[code].message) {
  return reply.code(jobErrorCodes[code].status).header('cache-control', 'no-store').send({ error: { code, message } });
}
