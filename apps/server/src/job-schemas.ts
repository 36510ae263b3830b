import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { errorCodeList } from '@paperknife/catalog/errors';
import type { JsonSchema } from '@paperknife/catalog/tool-options';
import { type ToolId, toolDownloads, toolIds, tools } from '@paperknife/catalog/tools';
import type { ServerConfig } from './env.js';
import { errorResponses, requestBody } from './function-schemas.js';
import { jobStates } from './job-store.js';

/**
 * The route schemas of the job API (docs/decisions/120), for the OpenAPI document: a job is created with the
 * same body as the synchronous function, followed by status or server-sent events, downloaded once, cancelled.
 */

/** Codes the job routes answer besides the catalogue's. */
export const jobErrorCodes = {
  not_found: {
    status: 404,
    message: 'There is no job with this id here. Jobs and their files are deleted 10 minutes after they end.',
  },
  not_finished: { status: 409, message: 'This job has not finished yet. Wait until its status is done.' },
  gone: { status: 410, message: 'The result of this job was downloaded already, and its files are deleted.' },
} as const;
export type JobErrorCode = keyof typeof jobErrorCodes;

export const jobErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(jobErrorCodes) as [JobErrorCode, ...JobErrorCode[]]),
      message: z.string().describe('What went wrong and what to do, for a person to read.'),
    }),
  })
  .meta({ id: 'JobError' });

export const jobViewSchema = z
  .object({
    id: z.string().describe('Unguessable. Starts with the tag of the server replica that holds the job.'),
    function: z.string().describe('The function the job runs.'),
    status: z.enum(jobStates),
    stage: z.string().describe('What the job is doing, in words for a person ("Processing", "Recognising text").'),
    done: z.number().int().min(0).optional().describe('Steps (usually pages) done, when the tool counts them.'),
    total: z.number().int().min(1).optional().describe('Steps in all, when the tool counts them.'),
    percent: z.number().int().min(0).max(100).optional().describe('done / total; absent when not counted.'),
    error: z
      .object({ code: z.enum(errorCodeList), message: z.string() })
      .optional()
      .describe('Failed jobs: the code and message the synchronous function would have answered with.'),
    downloaded: z.boolean().optional().describe('Done jobs: whether the one download has been taken.'),
    expiresAt: z
      .string()
      .optional()
      .describe('Ended jobs: when the job, and its result if not downloaded, is deleted.'),
    links: z.object({
      self: z.string().describe('GET: this status. DELETE: cancel the job.'),
      events: z.string().describe('GET: the status as server-sent events, one `status` event per change.'),
      result: z.string().describe('GET: the result file, once.'),
      cancel: z.string().describe('DELETE: stop the job and delete its files.'),
    }),
  })
  .meta({ id: 'Job' });

const jobIdParams = z.object({ id: z.string().describe('The job id from the answer that created the job.') });

const notFound = {
  404: {
    description: 'Error code: `not_found` (unknown id, or the job expired).',
    content: { 'application/json': { schema: jobErrorSchema } },
  },
};

const jobAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: jobViewSchema } },
});

/** `POST /jobs/{function}`: the synchronous function's body and errors; 202 with the new job. */
export function jobCreateRouteSchema(id: ToolId, config: ServerConfig): FastifySchema {
  const tool = tools[id];
  return {
    operationId: `${tool.functionName}-job`,
    summary: `${tool.title}, as a job`,
    description: `Starts ${tool.title} as a job and answers as soon as the upload is checked. Follow the job at its links, download the result once, or cancel it. Takes the same fields and answers the same errors as the function itself.`,
    tags: ['jobs'],
    body: requestBody(id, config),
    response: {
      202: {
        ...jobAnswer('The job, queued.'),
        headers: { Location: { type: 'string', description: 'The job status address.' } },
      },
      ...errorResponses(),
    },
  } as FastifySchema;
}

export const jobStatusRouteSchema = {
  operationId: 'job-status',
  summary: 'Job status',
  description:
    'The state of a job: queued, running, done, failed or cancelled, with its stage and, when the tool counts them, the pages done of the total.',
  tags: ['jobs'],
  params: jobIdParams,
  response: { 200: jobAnswer('The job.'), ...notFound },
} as FastifySchema;

export const jobEventsRouteSchema = {
  operationId: 'job-events',
  summary: 'Job progress as server-sent events',
  description:
    'A `text/event-stream` of `status` events, each data line a Job document: one at once, one per change, the last when the job has ended (then the stream closes).',
  tags: ['jobs'],
  params: jobIdParams,
  response: {
    200: { description: 'The event stream.', content: { 'text/event-stream': { schema: z.string() } } },
    ...notFound,
  },
} as FastifySchema;

const resultTypes = [...new Set(toolIds.flatMap((id) => toolDownloads(id).map((download) => download.contentType)))];

export const jobResultRouteSchema = {
  operationId: 'job-result',
  summary: 'Job result (once)',
  description:
    'The result file with the same headers as the function answers with. It can be downloaded once: then its files are deleted. A failed job answers with its error, as the function would have.',
  tags: ['jobs'],
  params: jobIdParams,
  response: {
    200: {
      description: 'The result file.',
      headers: {
        'Content-Disposition': { type: 'string', description: 'attachment; the download name.' },
      } satisfies Record<string, JsonSchema>,
      content: Object.fromEntries(resultTypes.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])),
    },
    ...errorResponses(),
    ...notFound,
    409: {
      description: 'Error code: `not_finished` (the job is queued or running).',
      content: { 'application/json': { schema: jobErrorSchema } },
    },
    410: {
      description: 'Error code: `gone` (downloaded already, or cancelled).',
      content: { 'application/json': { schema: jobErrorSchema } },
    },
  },
} as FastifySchema;

export const jobCancelRouteSchema = {
  operationId: 'job-cancel',
  summary: 'Cancel a job',
  description: 'Stops the job (its processes are killed) and deletes its files at once. Safe to repeat.',
  tags: ['jobs'],
  params: jobIdParams,
  response: { 200: jobAnswer('The job, cancelled (or as it ended, if it had).'), ...notFound },
} as FastifySchema;
