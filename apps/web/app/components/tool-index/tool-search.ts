/**
 * What the tool index's filter matches: a tool's title, short description and search keywords, compared without
 * case or accents, every word of the query somewhere in them. The prerendered page writes each tool's text into
 * its card (`data-search-text`), so the filter's script needs neither the catalogue nor this module's callers.
 */

/** Lower case, accents dropped ("Résumé" as "resume"), runs of spaces and punctuation as one space. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words the filter looks through for one tool, normalized once at build time. */
export function toolSearchText(tool: {
  title: string;
  shortDescription: string;
  searchKeywords: readonly string[];
}): string {
  return normalizeSearchText([tool.title, tool.shortDescription, ...tool.searchKeywords].join(' '));
}

/** Scripts written without spaces between words (Chinese, Japanese, Thai): a query word may start anywhere. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/**
 * Whether every word of the query starts a word of the tool's text ("comb" finds "combine", "bine" does not); in
 * scripts without spaces, whether the text contains it ("結合" finds "PDF結合").
 */
export function matchesSearch(searchText: string, query: string): boolean {
  const words = normalizeSearchText(query).split(' ').filter(Boolean);
  const text = ` ${searchText}`;
  return words.every((word) => text.includes(UNSPACED.test(word) ? word : ` ${word}`));
}

/**
 * What the live region says once the filter has run, in the page's language: the island reads these words from
 * the page (`filterWordsAttribute`), so it needs no messages of its own.
 */
export interface FilterWords {
  /** With no query: "All 18 tools shown". */
  all: string;
  /** Nothing matches; `{query}` is the query. */
  none: string;
  /** "1 tool found", "2 tools found", ... by count from 1 to the number of tools. */
  found: readonly string[];
}

export const QUERY_SLOT = '{query}';

export function filterSummary(matches: number, query: string, words: FilterWords): string {
  if (!query.trim()) return words.all;
  if (matches === 0) return words.none.replace(QUERY_SLOT, query.trim());
  return words.found[matches - 1] ?? words.all;
}
