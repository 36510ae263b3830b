import { describe, expect, it } from 'vitest';
import { catalogueProblems } from './check-catalogue.js';

const english = {
  plain: 'Merge PDF',
  named: 'Remove {name}',
  counted: '{count, plural, one {# page} other {# pages}}',
  linked: 'Write to <0>{email}</0>.',
};

describe('catalogueProblems', () => {
  it('accepts a complete translation with the language’s own plural categories', () => {
    const polish = {
      plain: 'Połącz PDF',
      named: 'Usuń {name}',
      counted: '{count, plural, one {# strona} few {# strony} many {# stron} other {# strony}}',
      linked: 'Napisz do <0>{email}</0>.',
    };
    expect(catalogueProblems('pl', english, polish)).toEqual([]);
  });

  it('names each kind of mistake', () => {
    const broken = {
      named: 'Supprimer {nom}',
      counted: '{count, plural, one {# page} few {# pages}}',
      linked: 'Écrire à {email}.',
      extra: 'Bonus',
    };
    expect(catalogueProblems('fr', english, broken)).toEqual([
      'plain: missing',
      'named: placeholders missing: name:',
      'named: placeholders not in English: nom:',
      'counted: count has plural categories fr does not use: few',
      'counted: count has no "other" branch',
      'linked: <n> tags differ from English',
      'extra: not an English message (extra key)',
    ]);
  });

  it('refuses a message that is not ICU MessageFormat', () => {
    expect(catalogueProblems('de', { a: 'x {n}' }, { a: 'x {n' })[0]).toMatch(/^a: not ICU MessageFormat/);
  });
});
