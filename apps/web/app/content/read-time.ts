/** Silent reading speed of an adult reading non-fiction, in words per minute. */
export const WORDS_PER_MINUTE = 200;

/** Words in a piece of plain text: runs of letters or digits, so punctuation and Markdown marks do not count. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Whole minutes to read `words` words, never less than one. */
export function readTimeMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** "5 min read". */
export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}
