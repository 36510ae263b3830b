import { describe, expect, it } from 'vitest';
import type { WordPage, WordRunning } from './layout-model.js';
import { type RunningVariants, wordSections } from './word-sections.js';

const plain = { font: 'Arial', bold: false, italic: false, size: 11, color: '000000', rightToLeft: false };

/** Running content of one paragraph; a number written `{n}` is the page number field. */
function running(text: string): WordRunning {
  const runs = text
    .split(/(\{\d+\})/)
    .filter(Boolean)
    .map((part) =>
      /^\{\d+\}$/.test(part) ? { ...plain, text: part.slice(1, -1), pageNumber: true } : { ...plain, text: part },
    );
  const paragraph = {
    kind: 'paragraph' as const,
    runs,
    alignment: 'left' as const,
    indent: 0,
    firstLineIndent: 0,
    spaceBefore: 0,
    rightToLeft: false,
  };
  return { paragraphs: [paragraph], distance: 36 };
}

function page(header?: string, footer?: string, width = 612): WordPage {
  return {
    width,
    height: 792,
    margins: { top: 72, right: 72, bottom: 72, left: 72 },
    items: [],
    header: header === undefined ? undefined : running(header),
    footer: footer === undefined ? undefined : running(footer),
  };
}

const sameGeometry = (a: WordPage, b: WordPage) => a.width === b.width && a.height === b.height;

const text = (content: WordRunning | undefined) =>
  content?.paragraphs.map((paragraph) => paragraph.runs.map((run) => run.text).join('')).join('\n');
const shown = (variants: RunningVariants) => ({
  default: text(variants.default),
  even: text(variants.even),
  first: text(variants.first),
});

describe('wordSections', () => {
  it('gives odd and even pages their own headers in one section', () => {
    const pages = [page('Odd page header.'), page('Even page header.'), page('Odd page header.')];
    const { sections, evenAndOdd } = wordSections(pages, sameGeometry);
    expect(evenAndOdd).toBe(true);
    expect(sections).toHaveLength(1);
    expect(sections[0]!.titlePage).toBe(false);
    expect(shown(sections[0]!.header)).toEqual({
      default: 'Odd page header.',
      even: 'Even page header.',
      first: undefined,
    });
    // Two pages could be either: a first page of its own is what Word documents have more often.
    const two = wordSections(pages.slice(0, 2), sameGeometry);
    expect(two.evenAndOdd).toBe(false);
    expect(two.sections[0]!.titlePage).toBe(true);
    expect(shown(two.sections[0]!.header)).toEqual({
      default: 'Even page header.',
      even: 'Even page header.',
      first: 'Odd page header.',
    });
  });

  it('gives a first page without a header, or with its own, "different first page"', () => {
    const pages = [page(undefined, 'Page {1}'), ...[2, 3, 4].map((number) => page('Report', `Page {${number}}`))];
    const { sections, evenAndOdd } = wordSections(pages, sameGeometry);
    expect(evenAndOdd).toBe(false);
    expect(sections).toHaveLength(1);
    expect(sections[0]!.titlePage).toBe(true);
    expect(shown(sections[0]!.header)).toEqual({ default: 'Report', even: 'Report', first: undefined });
    expect(shown(sections[0]!.footer)).toEqual({ default: 'Page 3', even: 'Page 2', first: 'Page 1' });

    const letterhead = [page('Acme Ltd, 1 High Street'), page('Acme Ltd'), page('Acme Ltd')];
    const [section] = wordSections(letterhead, sameGeometry).sections;
    expect(section!.titlePage).toBe(true);
    expect(shown(section!.header)).toEqual({ default: 'Acme Ltd', even: 'Acme Ltd', first: 'Acme Ltd, 1 High Street' });
  });

  it('reads a book: another first page, odd pages with the chapter, even ones with the title', () => {
    const pages = [
      page('Annual Report'),
      page('The Book'),
      page('Chapter One'),
      page('The Book'),
      page('Chapter One'),
      page('The Book'),
      page('Chapter Two'),
      page('The Book'),
    ];
    const { sections, evenAndOdd } = wordSections(pages, sameGeometry);
    expect(evenAndOdd).toBe(true);
    // A new section where the chapter changes: Word shows one odd page header a section.
    expect(sections.map((section) => section.pages.length)).toEqual([6, 2]);
    expect(sections[0]!.titlePage).toBe(true);
    expect(shown(sections[0]!.header)).toEqual({ default: 'Chapter One', even: 'The Book', first: 'Annual Report' });
    expect(sections[1]!.titlePage).toBe(false);
    expect(shown(sections[1]!.header)).toEqual({ default: 'Chapter Two', even: 'The Book', first: undefined });
  });

  it('starts a section that numbers its pages from the number the first one prints, odd and even by that number', () => {
    const numbered = (number: number | undefined, header: string) => ({ ...page(header), number });
    const pages = [
      numbered(undefined, 'Preface'),
      numbered(undefined, 'Preface'),
      numbered(1, 'Introduction'),
      numbered(2, 'The Book'),
      numbered(3, 'Introduction'),
      // A page of the PDF Word does not get (a table that went on over it): the count jumps.
      numbered(5, 'Introduction'),
      numbered(6, 'The Book'),
    ];
    const { sections, evenAndOdd } = wordSections(pages, sameGeometry);
    expect(evenAndOdd).toBe(true);
    expect(sections.map((section) => [section.pages.length, section.firstNumber])).toEqual([
      [2, undefined],
      [3, 1],
      [2, 5],
    ]);
    expect(shown(sections[1]!.header)).toEqual({ default: 'Introduction', even: 'The Book', first: undefined });
    expect(shown(sections[2]!.header)).toEqual({ default: 'Introduction', even: 'The Book', first: undefined });
  });

  it('starts a section where the page size changes, and keeps one where only a number changes', () => {
    const pages = [
      page('Page {1}'),
      page('Page {2}'),
      page('Page {3}', undefined, 792),
      page('Page {4}', undefined, 792),
    ];
    const { sections, evenAndOdd } = wordSections(pages, sameGeometry);
    expect(evenAndOdd).toBe(false);
    expect(sections.map((section) => section.pages.length)).toEqual([2, 2]);
    expect(sections.map((section) => section.titlePage)).toEqual([false, false]);
  });
});
