import { type LocaleCode, splitLocalePath } from '@paperknife/i18n/locales';
import { type Translator, createTranslator } from '@paperknife/i18n/translator';
import { loadMessages } from 'virtual:paperknife/messages';

/**
 * The languages' translators, each made once its messages are loaded. A page is in one language for its whole
 * life (the language switcher loads the other language's page), so the browser loads one; the prerender loads
 * each page's before rendering it.
 */
const loaded = new Map<LocaleCode, Translator>();

export async function loadTranslator(code: LocaleCode): Promise<Translator> {
  const known = loaded.get(code);
  if (known) return known;
  const translator = createTranslator(code, await loadMessages(code));
  loaded.set(code, translator);
  return translator;
}

/** The translator of a language whose messages `loadTranslator` has loaded. */
export function loadedTranslator(code: LocaleCode): Translator {
  const translator = loaded.get(code);
  if (!translator) throw new Error(`The ${code} messages are not loaded yet.`);
  return translator;
}

/** Loads the language of a URL's path: the prerender's request, the browser's address before hydration. */
export function loadTranslatorForPath(pathname: string): Promise<Translator> {
  return loadTranslator(splitLocalePath(pathname).code);
}
