/** Silent reading speed of an adult reading non-fiction, in words per minute. */
export const WORDS_PER_MINUTE = 200;

/** Words in a piece of plain text: runs of letters or digits, so punctuation and Markdown marks do not count. */
/** Scripts written without spaces (Chinese, Japanese, Thai): two characters read about as fast as a word. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu;

export function countWords(text: string): number {
  const unspaced = text.match(UNSPACED)?.length ?? 0;
  const spaced = text.replace(UNSPACED, ' ').match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
  return spaced + Math.round(unspaced / 2);
}

/** Whole minutes to read `words` words, never less than one. */
export function readTimeMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** "5 min read". */
