import { setupI18n } from '@lingui/core';
import type { CompiledCatalogue } from './catalogue.js';
import { type LocaleCode, localeOf, localizedPath } from './locales.js';

export type MessageValues = Readonly<Record<string, string | number>>;

/** Formats a message of one language: `t('tool.merge-pdf.title')`, `t('files.count', { count: 3 })`. */
export interface Translator {
  locale: LocaleCode;
  /** The BCP 47 tag for `Intl` and `<html lang>`. */
  tag: string;
  dir: 'ltr' | 'rtl';
  t: (key: string, values?: MessageValues) => string;
  /** Whether the language has this message (optional texts such as a tool's hint). */
  has: (key: string) => boolean;
  /** A site path in this language: `/merge-pdf` -> `/de/merge-pdf`. */
  path: (englishPath: string) => string;
}

export function createTranslator(locale: LocaleCode, messages: CompiledCatalogue): Translator {
  const { tag, dir } = localeOf(locale);
  const i18n = setupI18n({ locale: tag, messages: { [tag]: messages } });
  return {
    locale,
    tag,
    dir,
    t: (key, values) => {
      if (!(key in messages)) throw new Error(`No message "${key}" in ${locale}.`);
      return i18n._(key, values);
    },
    has: (key) => key in messages,
    path: (englishPath) => localizedPath(englishPath, locale),
  };
}
