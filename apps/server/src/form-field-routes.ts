import type { FastifyPluginAsync, FastifyRequest, FastifySchema } from 'fastify';
import { ToolError } from '@paperknife/catalog/errors';
import { FORM_FIELDS_FUNCTION, formFieldList } from '@paperknife/catalog/pdf-form-fields';
import { tools } from '@paperknife/catalog/tools';
import { formFieldsTool } from '@paperknife/catalog/tools/fill-pdf';
import { listFormFieldsOf } from '@paperknife/engine';
import type { ServerConfig } from './env.js';
import { base64File, describeOnlyValidator, errorResponses } from './function-schemas.js';
import type { JobQueue } from './job-queue.js';
import type { TempFolders } from './temp-folders.js';
import { receiveToolRequest } from './tool-run.js';

export interface FormFieldRoutesOptions {
  config: ServerConfig;
  queue: JobQueue;
  temp: TempFolders;
  bodyLimit: number;
  refuseEarly: (request: FastifyRequest) => Promise<void>;
}

/** The upload is Fill PDF forms' own: one PDF, checked and preflighted as that tool checks it. */
const FORM_TOOL = formFieldsTool;

const pdfFile = { type: 'string', format: 'binary', description: 'The PDF form.' };

const schema = {
  operationId: FORM_FIELDS_FUNCTION,
  summary: 'List PDF form fields',
  description:
    "The fields of a PDF form as JSON: each field's name (the key of its value for `fill-pdf`), label, type, current value, options and where its boxes sit on the pages. A PDF without fields lists none; an XFA-only form is refused with `xfa_form`.",
  tags: ['functions'],
  body: {
    content: {
      'multipart/form-data': { schema: { type: 'object', properties: { file: pdfFile }, required: ['file'] } },
      'application/json': { schema: { type: 'object', properties: { file: base64File }, required: ['file'] } },
    },
  },
  response: { 200: formFieldList.describe("The document's page count and its fields."), ...errorResponses() },
} as FastifySchema;

/**
 * `POST {FORM_FIELDS_PATH}`: the fields of a form, for API clients and for the Fill PDF forms page, which renders
 * them as a form. Runs through the job queue like any tool.
 */
export const formFieldRoutes: FastifyPluginAsync<FormFieldRoutesOptions> = async (app, deps) => {
  const { config, queue, temp, bodyLimit, refuseEarly } = deps;
  app.post(
    `/${FORM_FIELDS_FUNCTION}`,
    {
      schema,
      validatorCompiler: describeOnlyValidator,
      bodyLimit,
      onRequest: refuseEarly,
      config: { rateLimit: { max: config.rateLimit, timeWindow: 60_000 } },
    },
    async (request) => {
      const folder = await temp.create();
      const gone = new AbortController();
      request.raw.once('close', () => {
        if (!request.raw.complete) gone.abort(new ToolError('processing_timeout', 'The client went away.'));
      });
      try {
        const { files } = await receiveToolRequest(FORM_TOOL, request, folder, config.limits);
        const [file] = files;
        if (!file) throw new ToolError('missing_file', tools[FORM_TOOL].noFileDescription);
        const context = { workDir: folder.path, limits: config.limits, signal: gone.signal };
        return await queue.run(() => folder.track(() => listFormFieldsOf(file, context)), gone.signal, 0);
      } finally {
        folder.release();
      }
    },
  );
};
