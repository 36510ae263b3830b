import { describe, expect, it } from 'vitest';
import { WORDS_PER_MINUTE, countWords, readTimeMinutes } from './read-time';

describe('countWords', () => {
  it('counts words, not punctuation or Markdown marks', () => {
    expect(countWords('## Step by step\n\n- **Add your PDF.** Open it - now!')).toBe(9);
  });

  it('keeps contractions, decimals, hyphenated words and ranges as one word', () => {
    expect(countWords("don't 1.5 AES-256 1-3,5")).toBe(5);
  });

  it('counts non-Latin words', () => {
    expect(countWords('Привет мир')).toBe(2);
  });

  it('is zero for blank text', () => {
    expect(countWords('  \n -- ')).toBe(0);
  });
});

describe('readTimeMinutes', () => {
  it('rounds up to whole minutes at the reading speed', () => {
    expect(readTimeMinutes(WORDS_PER_MINUTE)).toBe(1);
    expect(readTimeMinutes(WORDS_PER_MINUTE + 1)).toBe(2);
    expect(readTimeMinutes(1000)).toBe(5);
  });

  it('is at least one minute', () => {
    expect(readTimeMinutes(0)).toBe(1);
  });

  it('counts two characters of a script without spaces as a word', () => {
    expect(countWords('PDFを結合する方法')).toBe(1 + 4);
    expect(countWords('วิธีรวมไฟล์')).toBe(Math.round(11 / 2));
  });
});
