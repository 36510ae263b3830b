import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { MessageCatalogue } from './catalogue.js';
import { type LocaleCode, localeOf } from './locales.js';

/**
 * What is wrong with a language's messages against English's: a key missing or extra, a message that is not
 * ICU MessageFormat, a placeholder renamed or lost, a plural with categories the language does not have, a
 * select's branches changed, a `<0>` tag lost. The message tests and `npm run check-messages` both use it.
 */

interface Shape {
  /** Argument names with their type: `count:plural`, `name:`. */
  arguments: Set<string>;
  plurals: { name: string; categories: string[] }[];
  selects: Map<string, string[]>;
}

function shapeOf(message: CompiledMessage, into: Shape = { arguments: new Set(), plurals: [], selects: new Map() }) {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    into.arguments.add(`${name}:${type ?? ''}`);
    if ((type === 'plural' || type === 'selectordinal' || type === 'select') && format && typeof format === 'object') {
      const branches = Object.keys(format).filter((key) => key !== 'offset');
      if (type === 'select') into.selects.set(name, branches.sort());
      else into.plurals.push({ name, categories: branches });
      for (const branch of branches) {
        const inner = (format as Record<string, unknown>)[branch];
        if (Array.isArray(inner)) shapeOf(inner as CompiledMessage, into);
      }
    }
  }
  return into;
}

const tagsOf = (message: string) => [...message.matchAll(/<\/?(\d+)\/?>/g)].map((match) => match[0]).sort();

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function catalogueProblems(code: LocaleCode, english: MessageCatalogue, translated: MessageCatalogue): string[] {
  const problems: string[] = [];
  const pluralCategories = new Set(new Intl.PluralRules(localeOf(code).tag).resolvedOptions().pluralCategories);
  for (const key of Object.keys(english)) {
    if (!(key in translated)) problems.push(`${key}: missing`);
  }
  for (const [key, message] of Object.entries(translated)) {
    const source = english[key];
    if (source === undefined) {
      problems.push(`${key}: not an English message (extra key)`);
      continue;
    }
    let mine: Shape;
    let theirs: Shape;
    try {
      mine = shapeOf(compileMessageOrThrow(message));
      theirs = shapeOf(compileMessageOrThrow(source));
    } catch (error) {
      problems.push(`${key}: not ICU MessageFormat (${(error as Error).message})`);
      continue;
    }
    const missing = [...theirs.arguments].filter((name) => !mine.arguments.has(name));
    const extra = [...mine.arguments].filter((name) => !theirs.arguments.has(name));
    if (missing.length > 0) problems.push(`${key}: placeholders missing: ${missing.join(', ')}`);
    if (extra.length > 0) problems.push(`${key}: placeholders not in English: ${extra.join(', ')}`);
    for (const plural of mine.plurals) {
      const wrong = plural.categories.filter(
        (category) => !category.startsWith('=') && !pluralCategories.has(category as Intl.LDMLPluralRule),
      );
      if (wrong.length > 0)
        problems.push(`${key}: ${plural.name} has plural categories ${code} does not use: ${wrong.join(', ')}`);
      if (!plural.categories.includes('other')) problems.push(`${key}: ${plural.name} has no "other" branch`);
    }
    for (const [name, branches] of theirs.selects) {
      const mineBranches = mine.selects.get(name);
      if (mineBranches && !sameList(mineBranches, branches))
        problems.push(`${key}: ${name}'s select branches differ from English`);
    }
    if (!sameList(tagsOf(message), tagsOf(source))) problems.push(`${key}: <n> tags differ from English`);
  }
  return problems;
}
