import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorCode, ToolError, errorCodes } from '@paperknife/catalog/errors';
import { BUSY_RETRY_AFTER_S } from '@paperknife/catalog/http-api';

/** Codes the server answers besides the catalogue's: routes that do not exist. */
export type ApiErrorCode = ErrorCode | 'not_found';

export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; fields?: Record<string, string> };
}

/** Fastify and plugin error codes that mean something a client can fix, in catalogue terms. */
const fastifyCodes: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'file_too_large', message: 'The request is larger than the size limit.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'file_too_large' },
  FST_FILES_LIMIT: { code: 'too_many_files' },
  FST_PARTS_LIMIT: { code: 'invalid_option', message: 'The form has too many fields.' },
  FST_FIELDS_LIMIT: { code: 'invalid_option', message: 'The form has too many fields.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_file_type',
    message: 'Send the files as multipart/form-data, or as application/json with base64 data.',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'unsupported_file_type',
    message: 'Send the files as multipart/form-data, or as application/json with base64 data.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'missing_file' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_option', message: 'The request body is not valid JSON.' },
  FST_PROTO_VIOLATION: { code: 'invalid_option', message: 'The form has a field name that is not allowed.' },
};

/** The one translation of any error into a status and a body a person can act on. */
export function toApiError(error: unknown): { status: number; body: ApiErrorBody } {
  if (error instanceof ToolError) {
    return { status: error.status, body: { error: { code: error.code, message: error.message } } };
  }
  const fastifyError = error as Partial<FastifyError> | undefined;
  const known = fastifyError?.code ? fastifyCodes[fastifyError.code] : undefined;
  if (known) {
    const message = known.message ?? errorCodes[known.code].message;
    return { status: errorCodes[known.code].status, body: { error: { code: known.code, message } } };
  }
  if (error instanceof SyntaxError && fastifyError?.statusCode === 400) {
    return { status: 400, body: { error: { code: 'invalid_option', message: 'The request body is not valid JSON.' } } };
  }
  const status = fastifyError?.statusCode;
  if (status === 429)
    return { status, body: { error: { code: 'rate_limited', message: errorCodes.rate_limited.message } } };
  if (status !== undefined && status >= 400 && status < 500 && status !== 404) {
    return { status: 400, body: { error: { code: 'invalid_option', message: errorCodes.invalid_option.message } } };
  }
  return { status: 500, body: { error: { code: 'internal_error', message: errorCodes.internal_error.message } } };
}

export function notFoundBody(message = 'There is nothing at this address.'): ApiErrorBody {
  return { error: { code: 'not_found', message } };
}

/**
 * A loggable summary of an error: its name, code and message with folder paths cut out, and the same for its
 * causes. Never stderr, stdout or file names: engine output can quote the user's file.
 */
export function describeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { value: typeof error };
  const summary: Record<string, unknown> = {
    name: error.name,
    message: error.message.replace(/(?:\/[^\s'"]+)+/g, '<path>'),
  };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') summary['code'] = code;
  if (error.stack)
    summary['at'] = error.stack
      .split('\n')
      .slice(1, 4)
      .map((line) => line.trim().replace(/\(\/.*\/(?=[^/]+\))/, '('));
  if (error.cause !== undefined && depth < 3) summary['cause'] = describeError(error.cause, depth + 1);
  return summary;
}

/** True when the client is gone: nothing can be sent any more. */
export function clientGone(request: FastifyRequest, reply: FastifyReply): boolean {
  return (
    reply.raw.destroyed || (request.raw.destroyed && !reply.raw.headersSent && request.raw.socket?.destroyed === true)
  );
}

/**
 * How loudly an answer is logged: `error` only for faults (internal_error), `warn` for refusals an operator may
 * want to see pile up (busy, a job that ran out of time, rate limits), `info` for bad input the client can fix.
 */
function logLevelOf(code: ApiErrorCode): 'error' | 'warn' | 'info' {
  if (code === 'internal_error') return 'error';
  if (code === 'busy' || code === 'processing_timeout' || code === 'rate_limited') return 'warn';
  return 'info';
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toApiError(error);
    const level = logLevelOf(body.error.code);
    if (level === 'error') {
      request.log.error({ err: describeError(error), route: request.routeOptions.url }, 'request failed');
    } else {
      request.log[level]({ code: body.error.code }, 'request refused');
    }
    if (clientGone(request, reply)) return;
    if (status === 503 || status === 429) {
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
    }
    // An error answer must not be cached or sniffed, whatever headers the route set before failing.
    reply.removeHeader('content-disposition');
    reply.removeHeader('content-length');
    void reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(notFoundBody(`There is no ${request.method} ${request.url.split('?')[0]} here.`));
  });
}
