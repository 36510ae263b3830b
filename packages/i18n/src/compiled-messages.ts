import { type CompiledCatalogue, type MessageCatalogue, compileCatalogue } from './catalogue.js';
import { type LocaleCode, pseudoLocale } from './locales.js';
import { pseudoCatalogue } from './pseudo.js';

/**
 * A language's messages compiled, from its message file as `read` gives it; the pseudo-language's are English's,
 * accented. The site's build, its content and the server all make them here.
 */
export function compiledMessagesOf(
  code: LocaleCode,
  read: (file: LocaleCode) => MessageCatalogue | undefined,
): CompiledCatalogue {
  const pseudo = code === pseudoLocale.code;
  const file = pseudo ? 'en' : code;
  const messages = read(file);
  if (!messages) throw new Error(`packages/i18n/messages/${file}.json is missing`);
  const compiled = compileCatalogue(messages);
  return pseudo ? pseudoCatalogue(compiled) : compiled;
}
