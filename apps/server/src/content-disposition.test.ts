import { describe, expect, it } from 'vitest';
import { attachmentHeader } from './content-disposition.js';

describe('attachmentHeader', () => {
  it('gives a plain and an encoded name', () => {
    expect(attachmentHeader('merged-document.pdf')).toBe(
      `attachment; filename="merged-document.pdf"; filename*=UTF-8''merged-document.pdf`,
    );
  });

  it('keeps quotes and non-ASCII out of the plain name and exact in the encoded one', () => {
    expect(attachmentHeader('résumé "final".pdf')).toBe(
      `attachment; filename="r_sum_ _final_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22.pdf`,
    );
  });
});
