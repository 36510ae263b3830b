import { isErrorCode } from '@paperknife/catalog/errors';
import { errorMessageKey } from '@paperknife/catalog/message-keys';
import type { Translator } from '@paperknife/i18n/translator';

/** Codes of failures the page itself finds (no answer came), each with its message `clientError.<code>`. */
export const clientErrorCodes = ['network_error', 'connection_lost', 'aborted', 'cancelled', 'job_lost'] as const;

/**
 * What the page says about a failed request: its own failures in the page's language; an API error in the API's
 * precise English on the English site, and elsewhere as the translated message of its code (the API's codes are
 * stable; its messages may be English, as a job's event stream cannot ask for a language).
 */
export function errorWords({ t, locale }: Translator, code: string, message: string): string {
  if ((clientErrorCodes as readonly string[]).includes(code)) return t(`clientError.${code}`);
  if (locale !== 'en' && isErrorCode(code)) return t(errorMessageKey(code));
  return message;
}
