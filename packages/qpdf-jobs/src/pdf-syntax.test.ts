import { describe, expect, it } from 'vitest';
import { PdfRef, name, serialise } from './pdf-syntax.js';

describe('serialise', () => {
  it('writes each kind of value so that none can break the syntax around it', () => {
    expect(
      serialise({ Type: name('Outlines'), Count: -3, Dest: [new PdfRef(7), name('XYZ'), 36.25, null, 0.1 + 0.2] }),
    ).toBe('<</Type /Outlines /Count -3 /Dest [7 0 R /XYZ 36.25 null 0.3]>>');
    expect(serialise('a \\ (b) c')).toBe('(a \\\\ \\(b\\) c)');
    expect(serialise('Überblick')).toBe('<FEFF00DC0062006500720062006C00690063006B>');
    expect(serialise(true)).toBe('true');
  });

  it('refuses what it cannot write safely', () => {
    expect(() => serialise(1e21)).toThrow(/PDF number/);
    expect(() => serialise(Number.NaN)).toThrow(/PDF number/);
    expect(() => serialise(name('A#20B'))).toThrow(/plain PDF name/);
    expect(() => serialise({ 'Bad Key': 1 })).toThrow(/plain PDF name/);
  });
});
