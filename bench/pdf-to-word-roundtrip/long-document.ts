import { type FixturePage, type FixtureRun, makePdf } from '@paperknife/engine/testing/make-pdf';

/**
 * A long text book made up here, of the shape of the corpus's 352-page book: a page of 489.6 x 734.4 pt, a running
 * header (the book's title, italic) and a page number at the bottom, a chapter every twelve pages with a bold
 * heading, and body paragraphs of 11 pt lines (about 2,000 characters a page) with an indented first line.
 * Deterministic, so runs compare.
 */

const WORDS = (
  'the culture of a free society depends on what its members may take from the past and build upon it ' +
  'creators have always borrowed from those who came before them and the law once left most of that alone ' +
  'copyright protected the work for a limited time and then it passed into the public domain where anyone ' +
  'could use it without asking permission technology changed how works were made copied and shared and the ' +
  'rules written for printing presses now reach every use of every work on every computer in the world'
).split(' ');

const PAGE = { width: 489.6, height: 734.4 };
const LEFT = 54;
const BODY_SIZE = 11;
const LEADING = 13.5;
/** Characters of Helvetica 11 pt that fill the text width, near enough (average glyph 0.5 em). */
const LINE_CHARACTERS = 68;

/** A pseudo-random sequence with a fixed seed (a linear congruential generator). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Lines of one paragraph, each at most LINE_CHARACTERS long. */
function paragraphLines(next: () => number, words: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (let index = 0; index < words; index++) {
    let word = WORDS[Math.floor(next() * WORDS.length)]!;
    if (index === 0) word = word[0]!.toUpperCase() + word.slice(1);
    if (line.length + word.length + 1 > LINE_CHARACTERS) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(`${line}.`);
  return lines;
}

/** The long text book as a PDF of `pageCount` pages. */
export function longTextBookPdf(pageCount = 352): Buffer {
  const next = random(14);
  const pages: FixturePage[] = [];
  let pending: string[] = [];
  let firstLine = true;
  for (let index = 0; index < pageCount; index++) {
    const runs: FixtureRun[] = [
      { text: 'FREE AS IN SPEECH', x: LEFT, y: PAGE.height - 40, size: 9, style: 'italic' },
      { text: String(index + 1), x: PAGE.width / 2 - 6, y: 36, size: 9 },
    ];
    let y = PAGE.height - 80;
    if (index % 12 === 0) {
      runs.push({ text: `Chapter ${index / 12 + 1}: Building on the past`, x: LEFT, y, size: 16, style: 'bold' });
      y -= 36;
    }
    while (y > 70) {
      if (pending.length === 0) {
        pending = paragraphLines(next, 40 + Math.floor(next() * 80));
        firstLine = true;
      }
      const text = pending.shift()!;
      runs.push({ text, x: LEFT + (firstLine ? 18 : 0), y, size: BODY_SIZE });
      firstLine = false;
      y -= LEADING;
    }
    pages.push({ ...PAGE, runs });
  }
  return makePdf({ pages, title: 'A long text book' });
}
