import { catalogueMessages } from '@paperknife/catalog/catalogue-messages';
import { describe, expect, it } from 'vitest';
import { catalogueProblems } from './check-catalogue.js';
import { isCatalogueKey, withCatalogueMessages } from './english-messages.js';
import { localeCodes } from './locales.js';
import { readMessageFile } from './message-files.js';
import { isSentence } from './sentences.js';

const english = readMessageFile('en')!;

describe('the message files', () => {
  it('give English the catalogue’s texts as they are (run npm run extract-messages after changing them)', () => {
    const fromCatalogue = catalogueMessages();
    expect(Object.fromEntries(Object.entries(english).filter(([key]) => isCatalogueKey(key)))).toEqual(fromCatalogue);
    expect(withCatalogueMessages(english, fromCatalogue)).toEqual(english);
  });

  it.each(localeCodes.filter((code) => code !== 'en'))(
    '%s has every English message, with the same placeholders, tags and valid plurals',
    (code) => {
      const translated = readMessageFile(code);
      expect(translated, `packages/i18n/messages/${code}.json`).toBeDefined();
      expect(catalogueProblems(code, english, translated!)).toEqual([]);
      expect(Object.keys(translated!), 'the same order as en.json').toEqual(Object.keys(english));
      // A sentence left in English is a message nobody translated.
      const untranslated = Object.keys(english).filter(
        (key) => translated![key] === english[key] && isSentence(english[key]!),
      );
      expect(untranslated).toEqual([]);
    },
  );
});
