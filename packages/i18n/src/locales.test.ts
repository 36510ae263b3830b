import { describe, expect, it } from 'vitest';
import { bestLocale, localeCodes, localeOf, localizedPath, splitLocalePath } from './locales.js';

describe('languages', () => {
  it('are the twenty-one the site speaks, two of them right to left', () => {
    expect(localeCodes).toHaveLength(21);
    expect(localeCodes.filter((code) => localeOf(code).dir === 'rtl')).toEqual(['ar', 'he']);
    for (const code of localeCodes) expect(() => new Intl.Locale(localeOf(code).tag)).not.toThrow();
  });

  it('put English at the seed paths and the others under their code', () => {
    expect(localizedPath('/merge-pdf', 'en')).toBe('/merge-pdf');
    expect(localizedPath('/merge-pdf', 'pt-br')).toBe('/pt-br/merge-pdf');
    expect(localizedPath('/', 'ja')).toBe('/ja');
    expect(splitLocalePath('/zh-tw/guides/x')).toEqual({ code: 'zh-tw', path: '/guides/x' });
    expect(splitLocalePath('/de')).toEqual({ code: 'de', path: '/' });
    expect(splitLocalePath('/merge-pdf')).toEqual({ code: 'en', path: '/merge-pdf' });
    // Not a language of ours, and English has no prefix: the path is English's own.
    expect(splitLocalePath('/xx/merge-pdf')).toEqual({ code: 'en', path: '/xx/merge-pdf' });
    expect(splitLocalePath('/en/merge-pdf')).toEqual({ code: 'en', path: '/en/merge-pdf' });
  });

  it('pick the best language for a browser, by tag, then by language', () => {
    expect(bestLocale(['de-AT', 'en'])).toBe('de');
    expect(bestLocale(['pt-PT'])).toBe('pt-br');
    expect(bestLocale(['zh-HK'])).toBe('zh-tw');
    expect(bestLocale(['zh-Hant-TW'])).toBe('zh-tw');
    expect(bestLocale(['zh'])).toBe('zh-cn');
    expect(bestLocale(['sw', 'fr-CA'])).toBe('fr');
    expect(bestLocale(['sw'])).toBeUndefined();
  });
});
