import { describe, expect, it } from 'vitest';
import {
  type PageText,
  REPLACEMENT,
  contextOf,
  findMatches,
  findPageMatches,
  rectsOf,
  scrubbed,
  searchPatterns,
  wordsInside,
} from './text-matches.js';

const find = (text: string, search: Parameters<typeof searchPatterns>[0]) =>
  findMatches(text, searchPatterns(search)).map((match) => match.text);
const presets = (text: string, ...names: Parameters<typeof searchPatterns>[0]['presets']) =>
  find(text, { regex: false, caseSensitive: false, presets: names });

describe('searchPatterns and findMatches', () => {
  it('finds typed words in any case, across a line break, and only in that case when asked', () => {
    const text = 'Jane Doe met JANE\ndoe and jane-doe.';
    expect(find(text, { search: 'jane doe', regex: false, caseSensitive: false, presets: [] })).toEqual([
      'Jane Doe',
      'JANE\ndoe',
    ]);
    expect(find(text, { search: 'Jane Doe', regex: false, caseSensitive: true, presets: [] })).toEqual(['Jane Doe']);
    // Typed characters are literal, not an expression.
    expect(find('a+b and ab', { search: 'a+b', regex: false, caseSensitive: false, presets: [] })).toEqual(['a+b']);
  });

  it('takes IBANs whose check digits hold and card numbers that pass Luhn, not look-alikes', () => {
    expect(presets('Pay DE89 3704 0044 0532 0130 00 or DE89 3704 0044 0532 0130 01.', 'iban')).toEqual([
      'DE89 3704 0044 0532 0130 00',
    ]);
    expect(presets('Card 4111 1111 1111 1111, not 4111 1111 1111 1112.', 'card')).toEqual(['4111 1111 1111 1111']);
  });

  it('finds dates in the common written forms, and phone numbers but not dates or short numbers', () => {
    expect(presets('On 2024-03-12, 12.03.2024, 3 March 2024 and March 3rd, 2024; not 2024 alone.', 'date')).toEqual([
      '2024-03-12',
      '12.03.2024',
      '3 March 2024',
      'March 3rd, 2024',
    ]);
    expect(presets('Call (030) 1234 5678 or +1 415 555 0132; room 12, on 12.03.2024.', 'phone')).toEqual([
      '(030) 1234 5678',
      '+1 415 555 0132',
    ]);
  });

  it('refuses an expression that does not compile with a coded error', () => {
    expect(() => searchPatterns({ search: '(', regex: true, caseSensitive: false, presets: [] })).toThrow(
      /regular expression is not valid/,
    );
  });
});

describe('where a match lies', () => {
  // "ab cd" on two lines: a and b on line 0, c and d on line 1; the space between lines has no rectangle.
  const page: PageText = {
    text: 'ab cd',
    rects: [[0, 0, 5, 10], [5, 0, 10, 10], null, [0, 20, 5, 30], [5, 20, 10, 30]],
    lines: [0, 0, 0, 1, 1],
  };

  it('gives one rectangle per line a match spans', () => {
    expect(rectsOf(page, 1, 4)).toEqual([
      [5, 0, 10, 10],
      [0, 20, 5, 30],
    ]);
  });

  it('takes the whole words inside a drawn box, not the ones it only touches', () => {
    expect(wordsInside(page, [0, 15, 12, 35])).toEqual(['cd']);
    expect(wordsInside(page, [4, 0, 12, 35])).toEqual([]);
    expect(wordsInside(page, [0, 0, 12, 35])).toEqual(['ab', 'cd']);
  });

  it('finds a word hyphenated over a line break, hyphen included, and still the parts as printed', () => {
    // "Trace-" on line 0, "Monkey runs" on line 1; one unit per character, 10 points wide.
    const text = 'Trace- Monkey runs';
    const hyphenated: PageText = {
      text,
      rects: [...text].map((char, i) => (i === 6 ? null : [i * 10, i < 6 ? 0 : 20, i * 10 + 10, i < 6 ? 10 : 30])),
      lines: [...text].map((_, i) => (i < 7 ? 0 : 1)),
    };
    const search = (words: string) =>
      findPageMatches(hyphenated, searchPatterns({ search: words, regex: false, caseSensitive: true, presets: [] }));
    expect(search('TraceMonkey')).toEqual([{ start: 0, end: 13, text: 'TraceMonkey' }]);
    expect(rectsOf(hyphenated, 0, 13)).toEqual([
      [0, 0, 60, 10],
      [70, 20, 130, 30],
    ]);
    expect(search('Monkey').map((match) => match.start)).toEqual([7]);
    // A hyphen inside a line joins nothing.
    expect(
      findPageMatches(page, searchPatterns({ search: 'abcd', regex: false, caseSensitive: true, presets: [] })),
    ).toEqual([]);
  });

  it('gives the words around a match within its block', () => {
    expect(contextOf('one two\nthree SECRET four\nfive', 14, 20)).toEqual({ before: 'three ', after: ' four' });
  });
});

describe('scrubbed', () => {
  it('replaces every redacted string in any case, and matches of the search, by one block each', () => {
    const patterns = searchPatterns({ regex: false, caseSensitive: false, presets: ['email'] });
    expect(scrubbed('Report on ACME for bob@example.com by Acme', ['Acme'], patterns)).toBe(
      `Report on ${REPLACEMENT} for ${REPLACEMENT} by ${REPLACEMENT}`,
    );
    expect(scrubbed('Nothing to see', ['Acme'], patterns)).toBeUndefined();
  });
});
