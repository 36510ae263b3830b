/**
 * The languages the site speaks. English is the seed's text and lives at the seed's paths; every other language
 * lives under `/{path}/` with the same slugs. `tag` is the BCP 47 tag for `<html lang>`, `hreflang` and `Intl`.
 */

export interface Locale {
  /** The path segment and the message file's name: `de`, `pt-br`, `zh-cn`. */
  code: string;
  tag: string;
  /** The language's name in itself, for the language switcher. */
  name: string;
  /** The language's name in English, for docs and tests. */
  englishName: string;
  /** Open Graph's `og:locale` (language_TERRITORY). */
  ogLocale: string;
  dir: 'ltr' | 'rtl';
}

export const locales = [
  { code: 'en', tag: 'en', name: 'English', englishName: 'English', ogLocale: 'en_US', dir: 'ltr' },
  { code: 'es', tag: 'es', name: 'Español', englishName: 'Spanish', ogLocale: 'es_ES', dir: 'ltr' },
  {
    code: 'pt-br',
    tag: 'pt-BR',
    name: 'Português (Brasil)',
    englishName: 'Portuguese (Brazil)',
    ogLocale: 'pt_BR',
    dir: 'ltr',
  },
  { code: 'fr', tag: 'fr', name: 'Français', englishName: 'French', ogLocale: 'fr_FR', dir: 'ltr' },
  { code: 'de', tag: 'de', name: 'Deutsch', englishName: 'German', ogLocale: 'de_DE', dir: 'ltr' },
  { code: 'it', tag: 'it', name: 'Italiano', englishName: 'Italian', ogLocale: 'it_IT', dir: 'ltr' },
  { code: 'nl', tag: 'nl', name: 'Nederlands', englishName: 'Dutch', ogLocale: 'nl_NL', dir: 'ltr' },
  { code: 'pl', tag: 'pl', name: 'Polski', englishName: 'Polish', ogLocale: 'pl_PL', dir: 'ltr' },
  { code: 'ru', tag: 'ru', name: 'Русский', englishName: 'Russian', ogLocale: 'ru_RU', dir: 'ltr' },
  { code: 'uk', tag: 'uk', name: 'Українська', englishName: 'Ukrainian', ogLocale: 'uk_UA', dir: 'ltr' },
  { code: 'tr', tag: 'tr', name: 'Türkçe', englishName: 'Turkish', ogLocale: 'tr_TR', dir: 'ltr' },
  { code: 'ar', tag: 'ar', name: 'العربية', englishName: 'Arabic', ogLocale: 'ar_AR', dir: 'rtl' },
  { code: 'he', tag: 'he', name: 'עברית', englishName: 'Hebrew', ogLocale: 'he_IL', dir: 'rtl' },
  { code: 'hi', tag: 'hi', name: 'हिन्दी', englishName: 'Hindi', ogLocale: 'hi_IN', dir: 'ltr' },
  { code: 'id', tag: 'id', name: 'Bahasa Indonesia', englishName: 'Indonesian', ogLocale: 'id_ID', dir: 'ltr' },
  { code: 'vi', tag: 'vi', name: 'Tiếng Việt', englishName: 'Vietnamese', ogLocale: 'vi_VN', dir: 'ltr' },
  { code: 'th', tag: 'th', name: 'ไทย', englishName: 'Thai', ogLocale: 'th_TH', dir: 'ltr' },
  { code: 'ja', tag: 'ja', name: '日本語', englishName: 'Japanese', ogLocale: 'ja_JP', dir: 'ltr' },
  { code: 'ko', tag: 'ko', name: '한국어', englishName: 'Korean', ogLocale: 'ko_KR', dir: 'ltr' },
  { code: 'zh-cn', tag: 'zh-CN', name: '简体中文', englishName: 'Chinese (Simplified)', ogLocale: 'zh_CN', dir: 'ltr' },
  {
    code: 'zh-tw',
    tag: 'zh-TW',
    name: '繁體中文',
    englishName: 'Chinese (Traditional)',
    ogLocale: 'zh_TW',
    dir: 'ltr',
  },
] as const satisfies readonly Locale[];

/**
 * A pseudo-language for tests only: English with every letter of the messages accented ("Ŝéļéçţ"), at `/xa/`
 * in a build made with `PAPERKNIFE_PSEUDO_LOCALE=1` (the test command's). Text a page shows in plain English there
 * did not come from the messages. It is in no list visitors or search engines see.
 */
export const pseudoLocale = {
  code: 'xa',
  tag: 'en-XA',
  name: 'Pseudo',
  englishName: 'Pseudo-English',
  ogLocale: 'en_US',
  dir: 'ltr',
} as const satisfies Locale;

export type LocaleCode = (typeof locales)[number]['code'] | typeof pseudoLocale.code;

export const defaultLocale = 'en' satisfies LocaleCode;

/** The languages visitors choose from: every one but the pseudo-language. */
export const localeCodes: readonly LocaleCode[] = locales.map((locale) => locale.code);

export function isLocaleCode(value: string | undefined): value is LocaleCode {
  return value !== undefined && (value === pseudoLocale.code || (localeCodes as readonly string[]).includes(value));
}

export function localeOf(code: LocaleCode): Locale {
  if (code === pseudoLocale.code) return pseudoLocale;
  return locales.find((locale) => locale.code === code) ?? locales[0];
}

/** The path of `path` (an English path such as `/merge-pdf`) in a language: `/de/merge-pdf`, `/de` for `/`. */
export function localizedPath(path: string, code: LocaleCode): string {
  if (code === defaultLocale) return path;
  return path === '/' ? `/${code}` : `/${code}${path}`;
}

/** The language of a site path and the English path it shows: `/de/merge-pdf` -> `de`, `/merge-pdf`. */
export function splitLocalePath(path: string): { code: LocaleCode; path: string } {
  const match = /^\/([a-z]{2}(?:-[a-z]{2})?)(\/.*)?$/.exec(path);
  if (match && isLocaleCode(match[1]) && match[1] !== defaultLocale) {
    return { code: match[1], path: match[2] && match[2] !== '' ? match[2] : '/' };
  }
  return { code: defaultLocale, path };
}

/**
 * The best of our languages for a browser's preference list (`navigator.languages`, `Accept-Language`): an exact
 * tag first, then the language alone (`pt-PT` -> Portuguese (Brazil), `zh-HK` -> Traditional Chinese).
 */
export function bestLocale(preferred: readonly string[]): LocaleCode | undefined {
  for (const raw of preferred) {
    const tag = raw.trim().toLowerCase();
    if (!tag) continue;
    const exact = locales.find((locale) => locale.tag.toLowerCase() === tag || locale.code === tag);
    if (exact) return exact.code;
    const [language, region] = tag.split('-');
    if (language === 'zh') {
      return region === 'tw' || region === 'hk' || region === 'mo' || tag.includes('hant') ? 'zh-tw' : 'zh-cn';
    }
    const sameLanguage = locales.find((locale) => locale.tag.toLowerCase().split('-')[0] === language);
    if (sameLanguage) return sameLanguage.code;
  }
  return undefined;
}
