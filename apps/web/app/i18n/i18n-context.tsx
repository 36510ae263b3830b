import { defaultLocale } from '@paperknife/i18n/locales';
import type { Translator } from '@paperknife/i18n/translator';
import { type ReactNode, createContext, use } from 'react';
import { loadedTranslator } from './translators';

const I18nContext = createContext<Translator | null>(null);

export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <I18nContext value={translator}>{children}</I18nContext>;
}

/**
 * The page's language: `const { t, path, tag } = useI18n()`. root.tsx provides it on every page; a component
 * rendered on its own (a component test) speaks English, once the English messages are loaded.
 */
export function useI18n(): Translator {
  return use(I18nContext) ?? loadedTranslator(defaultLocale);
}
