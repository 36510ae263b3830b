import type { Plugin } from 'vite';
import { compiledMessagesOf } from '@paperknife/i18n/compiled-messages';
import { type LocaleCode, localeCodes, pseudoLocale } from '@paperknife/i18n/locales';
import { messageFilePath, readMessageFile } from '@paperknife/i18n/message-files';

/** What `app/i18n/translators.ts` imports: `loadMessages(code)`, each language its own chunk. */
export const MESSAGES_MODULE = 'virtual:paperknife/messages';
const LANGUAGE_PREFIX = `${MESSAGES_MODULE}/`;

/**
 * Serves the languages' message files compiled (Lingui's compiled form, decision 160): the browser gets no ICU
 * parser, and a page downloads only its own language's chunk.
 */
export function compiledMessages(): Plugin {
  return {
    name: 'paperknife-compiled-messages',
    resolveId(id) {
      return id === MESSAGES_MODULE || id.startsWith(LANGUAGE_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${MESSAGES_MODULE}`) {
        const cases = [...localeCodes, pseudoLocale.code]
          .map(
            (code) =>
              `    case ${JSON.stringify(code)}: return (await import(${JSON.stringify(LANGUAGE_PREFIX + code)})).default;`,
          )
          .join('\n');
        return `export async function loadMessages(code) {\n  switch (code) {\n${cases}\n    default: throw new Error('No messages for ' + code);\n  }\n}\n`;
      }
      if (!id.startsWith(`\0${LANGUAGE_PREFIX}`)) return undefined;
      const code = id.slice(`\0${LANGUAGE_PREFIX}`.length) as LocaleCode;
      const compiled = compiledMessagesOf(code, (file) => {
        this.addWatchFile(messageFilePath(file));
        return readMessageFile(file);
      });
      return `export default /* @__PURE__ */ JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
