import { type LocaleCode, defaultLocale, isLocaleCode } from '@paperknife/i18n/locales';
import { data } from 'react-router';

/**
 * The language of a route's `:lang?` segment: English without one, the language with a known code, and "not
 * found" for anything else (`/xx/merge-pdf`, `/en/merge-pdf`: English lives at the seed's paths only).
 */
export function routeLocale(params: { lang?: string | undefined }): LocaleCode {
  const { lang } = params;
  if (lang === undefined) return defaultLocale;
  if (isLocaleCode(lang) && lang !== defaultLocale) return lang;
  throw data(null, { status: 404 });
}
