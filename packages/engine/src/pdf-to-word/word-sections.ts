/**
 * Which pages of a converted PDF make one Word section, and the headers and footers each section shows: Word gives
 * a section one header for its first page, one for odd pages and one for even pages, so a section goes on while its
 * pages' running headers and footers fit those three, and a new one starts where they do not. Pure, no docx.
 */
import type { WordPage, WordRunning } from './layout-model.js';

/** What a section shows on its pages of each kind; `even` only where the document has odd and even ones. */
export interface RunningVariants {
  /** Odd pages (every page where odd and even ones are the same), and the first one but with `titlePage`. */
  default?: WordRunning;
  even?: WordRunning;
  first?: WordRunning;
}

export interface WordSection {
  pages: WordPage[];
  /** Word's number for the section's first page, where it does not go on from the page before (pgNumType). */
  firstNumber?: number;
  /** The first page has a header and footer of its own (Word's "different first page"). */
  titlePage: boolean;
  header: RunningVariants;
  footer: RunningVariants;
}

export interface WordSections {
  sections: WordSection[];
  /** Some section shows other headers or footers on even pages than on odd ones (Word's settings say so). */
  evenAndOdd: boolean;
}

const KINDS = ['header', 'footer'] as const;
type Kind = (typeof KINDS)[number];
type Parity = 'odd' | 'even';
type Slots = Record<Kind, Partial<Record<Parity, string>>>;

/**
 * The text of a header or footer with its numbers stood in for ('' for none): pages whose running lines differ
 * only in numbers share one (Word's page number field, or a number that is not the page's).
 */
const runningKey = (content: WordRunning | undefined) =>
  content?.paragraphs
    .map((paragraph) => paragraph.runs.map((run) => (run.pageNumber ? '#' : run.text)).join(''))
    .join('\n')
    .replace(/\d+/g, '#') ?? '';

/** The header and footer keys of a section's pages on odd and on even pages, or undefined where two differ. */
function slotsOf(pages: readonly WordPage[], odd: readonly boolean[], titlePage: boolean): Slots | undefined {
  const slots: Slots = { header: {}, footer: {} };
  for (let index = titlePage ? 1 : 0; index < pages.length; index++) {
    if (!fill(slots, pages[index]!, odd[index]!)) return undefined;
  }
  return slots;
}

/** Puts a page's header and footer keys into the slots of its parity; false (slots unchanged) where one differs. */
function fill(slots: Slots, page: WordPage, odd: boolean): boolean {
  const parity: Parity = odd ? 'odd' : 'even';
  const keys = KINDS.map((kind) => runningKey(page[kind]));
  if (KINDS.some((kind, at) => slots[kind][parity] !== undefined && slots[kind][parity] !== keys[at])) return false;
  KINDS.forEach((kind, at) => (slots[kind][parity] = keys[at]));
  return true;
}

interface OpenSection {
  pages: WordPage[];
  firstNumber?: number;
  /** Whether each page is an odd page of the Word document. */
  odd: boolean[];
  titlePage: boolean;
  slots: Slots;
}

/**
 * The sections of the Word document: a new one where the page size or margins change (`sameGeometry`), or where a
 * page's running header or footer is not the one its section shows on pages of its kind (first, odd or even). A
 * section whose first page alone differs from the later pages of its kind gets "different first page". Pages are
 * odd or even as Word numbers them: from 1, one Word page per page, and from the number a page prints where it does
 * not go on from the page before (a new section then starts its numbering there).
 */
export function wordSections(
  pages: readonly WordPage[],
  sameGeometry: (a: WordPage, b: WordPage) => boolean,
): WordSections {
  const open: OpenSection[] = [];
  let previous = 0;
  for (const page of pages) {
    // Word numbers the pages on from 1, or from where a section says: a page that prints another number starts one.
    const restart = page.number !== undefined && page.number !== previous + 1;
    const number = restart ? page.number! : previous + 1;
    previous = number;
    const odd = number % 2 === 1;
    const current = open.at(-1);
    if (current && !restart && sameGeometry(current.pages[0]!, page)) {
      if (fill(current.slots, page, odd)) {
        current.pages.push(page);
        current.odd.push(odd);
        continue;
      }
      // The first page alone may be the one that differs: Word's first page header.
      const slots = current.titlePage ? undefined : slotsOf([...current.pages, page], [...current.odd, odd], true);
      if (slots) {
        Object.assign(current, { titlePage: true, slots });
        current.pages.push(page);
        current.odd.push(odd);
        continue;
      }
    }
    const slots: Slots = { header: {}, footer: {} };
    fill(slots, page, odd);
    open.push({ pages: [page], firstNumber: restart ? number : undefined, odd: [odd], titlePage: false, slots });
  }
  // Odd and even pages that differ only because of a section's first page: that is its own first page header,
  // unless the document has odd and even headers anyway.
  const differ = (slots: Slots) =>
    KINDS.some((kind) => {
      const { odd, even } = slots[kind];
      return odd !== undefined && even !== undefined && odd !== even;
    });
  const firstAlone = ({ odd, titlePage, pages }: OpenSection) =>
    !titlePage && pages.length > 1 && !odd.some((each, index) => index > 0 && each === odd[0]);
  const evenAndOdd = open.some((section) => differ(section.slots) && !firstAlone(section));
  for (const section of open) {
    if (!evenAndOdd && differ(section.slots) && firstAlone(section)) {
      section.titlePage = true;
      section.slots = slotsOf(section.pages, section.odd, true)!;
    }
  }
  return { sections: open.map(closeSection), evenAndOdd };
}

/** A section's headers and footers from the pages of each kind. */
function closeSection({ pages, firstNumber, odd, titlePage, slots }: OpenSection): WordSection {
  const variants = (kind: Kind): RunningVariants => {
    const on = (parity: Parity) =>
      pages.find((page, index) => (index > 0 || !titlePage) && odd[index] === (parity === 'odd') && page[kind]);
    // A slot without pages (a section of one page) shows what the other shows.
    const oddPage = slots[kind].odd === undefined ? on('even') : on('odd');
    const evenPage = slots[kind].even === undefined ? oddPage : on('even');
    return {
      default: oddPage?.[kind],
      even: evenPage?.[kind],
      first: titlePage ? pages[0]![kind] : undefined,
    };
  };
  return { pages, firstNumber, titlePage, header: variants('header'), footer: variants('footer') };
}
