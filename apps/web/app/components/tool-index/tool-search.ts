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

/** Whether every word of the query starts a word of the tool's text ("comb" finds "combine", "bine" does not). */
export function matchesSearch(searchText: string, query: string): boolean {
  const words = normalizeSearchText(query).split(' ').filter(Boolean);
  const text = ` ${searchText}`;
  return words.every((word) => text.includes(` ${word}`));
}

/** What the live region says once the filter has run (the island leaves it empty until the visitor types). */
export function filterSummary(matches: number, total: number, query: string): string {
  if (!query.trim()) return `All ${total} tools shown`;
  if (matches === 0) return `No tools match “${query.trim()}”`;
  return matches === 1 ? '1 tool found' : `${matches} tools found`;
}
