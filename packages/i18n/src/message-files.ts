import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MessageCatalogue } from './catalogue.js';
import { compiledMessagesOf } from './compiled-messages.js';
import type { LocaleCode } from './locales.js';
import { type Translator, createTranslator } from './translator.js';

/** The message files on disk (`messages/<code>.json`), for the server, the checks and the tests. Node only. */

export const messagesFolder = fileURLToPath(new URL('../messages/', import.meta.url));

export const messageFilePath = (code: LocaleCode) => `${messagesFolder}${code}.json`;

export function readMessageFile(code: LocaleCode): MessageCatalogue | undefined {
  const path = messageFilePath(code);
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as MessageCatalogue;
}

const translators = new Map<LocaleCode, Translator>();

/** A language's translator made from its message file, compiled once (the server's API messages). */
export function fileTranslator(code: LocaleCode): Translator {
  let translator = translators.get(code);
  if (!translator) {
    translator = createTranslator(code, compiledMessagesOf(code, readMessageFile));
    translators.set(code, translator);
  }
  return translator;
}
