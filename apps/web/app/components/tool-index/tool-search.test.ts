import { describe, expect, it } from 'vitest';
import { QUERY_SLOT, filterSummary, matchesSearch, normalizeSearchText, toolSearchText } from './tool-search';

const merge = toolSearchText({
  title: 'Merge PDF',
  shortDescription: 'Combine multiple PDFs into one',
  searchKeywords: ['join', 'append'],
});
const wordToPdf = toolSearchText({
  title: 'Word to PDF',
  shortDescription: 'Convert Word documents to PDF',
  searchKeywords: ['docx', 'office'],
});

describe('the tool filter', () => {
  it('normalizes case, accents, punctuation and spaces', () => {
    expect(normalizeSearchText('  Résumé, ÉTÉ -- naïve   PDF ')).toBe('resume ete naive pdf');
    expect(normalizeSearchText('Größe Łódź')).toBe('große łodz');
    expect(toolSearchText({ title: 'A.B', shortDescription: 'C', searchKeywords: ['Dé f'] })).toBe('a b c de f');
  });

  it('finds a tool by its title, description or keywords, ignoring case and accents', () => {
    expect(matchesSearch(merge, 'MERGE')).toBe(true);
    expect(matchesSearch(merge, 'combine')).toBe(true);
    expect(matchesSearch(merge, 'jóin')).toBe(true);
    expect(matchesSearch(wordToPdf, 'docx')).toBe(true);
    expect(matchesSearch(merge, 'docx')).toBe(false);
  });

  it('needs every word of the query, each at the start of a word, in any order', () => {
    expect(matchesSearch(wordToPdf, 'pdf word')).toBe(true);
    expect(matchesSearch(wordToPdf, 'conv doc')).toBe(true);
    expect(matchesSearch(wordToPdf, 'word join')).toBe(false);
    expect(matchesSearch(merge, 'erge')).toBe(false);
  });

  it('matches everything for an empty query or one of only spaces and punctuation', () => {
    expect(matchesSearch(merge, '')).toBe(true);
    expect(matchesSearch(merge, '  , ')).toBe(true);
  });

  it('says how many tools it found, or which query found none, in the words the page gives it', () => {
    const words = {
      all: 'All 18 tools shown',
      none: `No tools match “${QUERY_SLOT}”`,
      found: Array.from({ length: 18 }, (_, index) => (index === 0 ? '1 tool found' : `${index + 1} tools found`)),
    };
    expect(filterSummary(3, 'pdf to', words)).toBe('3 tools found');
    expect(filterSummary(1, 'merge', words)).toBe('1 tool found');
    expect(filterSummary(0, ' xyz ', words)).toBe('No tools match “xyz”');
    expect(filterSummary(18, '', words)).toBe('All 18 tools shown');
  });

  it('finds a word inside a run of Chinese, Japanese or Thai, where words have no spaces between them', () => {
    expect(matchesSearch(normalizeSearchText('PDF結合 複数のPDFを1つに'), '結合')).toBe(true);
    expect(matchesSearch(normalizeSearchText('รวม PDF'), 'รวม')).toBe(true);
    expect(matchesSearch(normalizeSearchText('merge pdf'), 'erge')).toBe(false);
  });
});
