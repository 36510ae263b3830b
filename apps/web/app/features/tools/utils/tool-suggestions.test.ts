import { describe, expect, it } from 'vitest';
import { suggestTools } from './tool-suggestions';

const ids = (types: Parameters<typeof suggestTools>[0]) => suggestTools(types).map((s) => s.id);

describe('suggestTools', () => {
  it('offers merge only for several PDFs', () => {
    expect(ids(['pdf', 'pdf', 'pdf'])).toEqual(['merge-pdf']);
  });

  it('offers every single-PDF tool for one PDF, popular first', () => {
    const offered = ids(['pdf']);
    expect(offered.slice(0, 2)).toEqual(['compress-pdf', 'split-pdf']);
    expect(offered).toContain('extract-text');
    expect(offered).not.toContain('merge-pdf');
    expect(offered).not.toContain('word-to-pdf');
  });

  it('offers Word to PDF for one Word file, and nothing for mixed or several Word files', () => {
    expect(ids(['docx'])).toEqual(['word-to-pdf']);
    expect(ids(['doc'])).toEqual(['word-to-pdf']);
    expect(ids(['pdf', 'docx'])).toEqual([]);
    expect(ids(['docx', 'doc'])).toEqual([]);
  });
});
