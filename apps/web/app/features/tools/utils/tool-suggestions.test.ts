import { acceptedTypes } from '@paperknife/catalog/file-types';
import { toolIds, tools } from '@paperknife/catalog/tools';
import { describe, expect, it } from 'vitest';
import { anyToolInput, anyToolTypes, suggestTools, toolInputKinds } from './tool-suggestions';

const ids = (types: Parameters<typeof suggestTools>[0]) => suggestTools(types).map((s) => s.id);

describe('suggestTools', () => {
  it('offers merge only for several PDFs', () => {
    expect(ids(['pdf', 'pdf', 'pdf'])).toEqual(['merge-pdf']);
  });

  it('offers every single-PDF tool for one PDF, popular first', () => {
    const offered = ids(['pdf']);
    expect(offered.slice(0, 2)).toEqual(['compress-pdf', 'split-pdf']);
    expect(offered).toContain('extract-text');
    expect(offered).toContain('pdf-to-pdfa');
    expect(offered).not.toContain('merge-pdf');
    expect(offered).not.toContain('word-to-pdf');
  });

  it('offers Word to PDF for one Word file, and nothing for mixed or several Word files', () => {
    expect(ids(['docx'])).toEqual(['word-to-pdf']);
    expect(ids(['doc'])).toEqual(['word-to-pdf']);
    expect(ids(['pdf', 'docx'])).toEqual([]);
    expect(ids(['docx', 'doc'])).toEqual([]);
  });

  it('offers JPG to PDF for one picture or several of any image format, and nothing with a PDF among them', () => {
    expect(ids(['png'])).toEqual(['jpg-to-pdf']);
    expect(ids(['jpeg', 'heic', 'webp'])).toEqual(['jpg-to-pdf']);
    expect(ids(['png', 'pdf'])).toEqual([]);
  });

  it('offers the converter of each office kind and of web pages', () => {
    expect(ids(['xlsx'])).toEqual(['excel-to-pdf']);
    expect(ids(['csv'])).toEqual(['excel-to-pdf']);
    expect(ids(['odp'])).toEqual(['powerpoint-to-pdf']);
    expect(ids(['html-zip'])).toEqual(['html-to-pdf']);
    // Only its password tells which office document it is: every office converter may take it.
    expect(ids(['encrypted-office'])).toEqual(['word-to-pdf', 'excel-to-pdf', 'powerpoint-to-pdf']);
  });
});

describe('what the box takes', () => {
  it('is every tool input kind, once each, in catalogue order', () => {
    const labels = toolInputKinds.map((kind) => kind.label);
    expect(labels.slice(0, 2)).toEqual(['PDF', 'Word']);
    expect(new Set(labels).size).toBe(labels.length);
    for (const id of toolIds) expect(toolInputKinds).toContain(tools[id].input);
  });

  it('lets through the names, browser types and contents of every kind', () => {
    for (const kind of toolInputKinds) {
      expect(anyToolInput.extensions).toEqual(expect.arrayContaining([...kind.extensions]));
      expect(anyToolInput.mimeTypes).toEqual(expect.arrayContaining([...kind.mimeTypes]));
      expect(anyToolTypes).toEqual(expect.arrayContaining([...acceptedTypes[kind.label]]));
    }
    expect(new Set(anyToolInput.extensions).size).toBe(anyToolInput.extensions.length);
    expect(new Set(anyToolTypes).size).toBe(anyToolTypes.length);
  });
});
