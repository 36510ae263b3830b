import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isErrorCode } from '@paperknife/catalog/errors';
import { errorMessageKey } from '@paperknife/catalog/message-keys';
import { type LocaleCode, bestLocale, defaultLocale, localeOf } from '@paperknife/i18n/locales';
import { fileTranslator } from '@paperknife/i18n/message-files';

/**
 * The API's error messages in the client's language: an answer whose JSON carries `error: { code, message }` (a
 * refusal, or a failed job's document) gets its code's message in the best language of `Accept-Language` the
 * site speaks. The code stays as it is, so clients keep matching on it; English, or no header, changes nothing.
 */

/** The languages of an `Accept-Language` header, most wanted first (`q=0` left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((q) => q !== undefined);
      return { tag: tag.trim(), quality: quality === undefined ? 1 : Number(quality), index };
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}

export function requestLanguage(request: FastifyRequest): LocaleCode {
  return bestLocale(acceptedLanguages(request.headers['accept-language'])) ?? defaultLocale;
}

interface ErrorCarrier {
  error?: { code?: unknown; message?: unknown };
}

/** The body with its error's message in `language`, or undefined when there is nothing to translate. */
export function translatedErrorBody(payload: string, language: LocaleCode): string | undefined {
  if (!payload.includes('"error"')) return undefined;
  let body: ErrorCarrier;
  try {
    body = JSON.parse(payload) as ErrorCarrier;
  } catch {
    return undefined;
  }
  const code = body.error?.code;
  if (!body.error || !isErrorCode(code)) return undefined;
  body.error.message = fileTranslator(language).t(errorMessageKey(code));
  return JSON.stringify(body);
}

function isJson(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').startsWith('application/json');
}

export function installApiLanguage(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !isJson(reply)) return payload;
    // Caches keep one answer per language.
    void reply.header('vary', 'Accept-Language');
    if (!request.headers['accept-language']) return payload;
    const language = requestLanguage(request);
    if (language === defaultLocale) return payload;
    const translated = translatedErrorBody(payload, language);
    if (translated === undefined) return payload;
    void reply.header('content-language', localeOf(language).tag);
    return translated;
  });
}
