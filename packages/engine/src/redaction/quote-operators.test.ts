import { describe, expect, it } from 'vitest';
import { withoutQuoteOperators } from './quote-operators.js';

describe('withoutQuoteOperators', () => {
  it('writes \' and " as the T* and Tj they stand for, with the spacings of "', () => {
    expect(withoutQuoteOperators('BT 14 TL 72 700 Td (one) Tj (two) \' 1 0.5 (three) " ET')).toBe(
      'BT 14 TL 72 700 Td (one) Tj T* (two) Tj 1 Tw 0.5 Tc T* (three) Tj ET',
    );
    expect(withoutQuoteOperators("BT <0041> ' ET")).toBe('BT T* <0041> Tj ET');
  });

  it('leaves quotes inside strings, comments and inline image data alone', () => {
    expect(withoutQuoteOperators("BT (it's \\(a\\) 'quote') Tj ET % don't\n")).toBeUndefined();
    // Image bytes that read like a string and a quote operator.
    const image = "BI /W 5 /H 1 /BPC 8 /CS /G ID (a) ' EI Q (x) '";
    expect(withoutQuoteOperators(image)).toBe("BI /W 5 /H 1 /BPC 8 /CS /G ID (a) ' EI Q T* (x) Tj");
  });
});
