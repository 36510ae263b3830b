import { describe, expect, it } from 'vitest';
import { type PatternSpaces, grayPatternOperands, pdfNames } from './pattern-colour-operands.js';

const spaces: PatternSpaces = new Map([
  ['CsRgb', { components: 3, gray: (components: number[]) => (components[0] ?? 0) / 2 }],
  ['CsCmyk', { components: 4, gray: () => 0.25 }],
]);

describe('grayPatternOperands', () => {
  it('replaces the components of fills and strokes in the named pattern spaces', () => {
    expect(grayPatternOperands('/CsRgb cs 1 0 0 /P0 scn 0 0 10 10 re f', spaces)).toBe(
      '/CsRgb cs 0.5 /P0 scn 0 0 10 10 re f',
    );
    expect(grayPatternOperands('/CsCmyk CS\n0 1 1 0/P1 SCN S', spaces)).toBe('/CsCmyk CS\n0.25/P1 SCN S');
  });

  it('follows q and Q, device colour operators and other spaces', () => {
    const content = 'q /CsRgb cs Q 1 0 0 /P0 scn /Other cs 1 0 0 /P0 scn /CsRgb cs 0 g 1 0 0 /P0 scn';
    expect(grayPatternOperands(content, spaces)).toBeUndefined();
    expect(grayPatternOperands('/CsRgb cs q 1 0 0 /P0 scn Q 1 1 1 /P0 scn', spaces)).toBe(
      '/CsRgb cs q 0.5 /P0 scn Q 0.5 /P0 scn',
    );
  });

  it('leaves coloured patterns, strings, comments and inline image data alone', () => {
    // A coloured pattern in the same space takes no components.
    expect(grayPatternOperands('/CsRgb cs /P0 scn', spaces)).toBeUndefined();
    const tricky =
      '/CsRgb cs (1 0 0 /P0 scn \\) (nested)) Tj % 1 0 0 /P0 scn\n' +
      'BI /W 4 /H 1 /CS /G /BPC 8 ID \x00 1 0 0 /P0 scn EI Q\n<31203020> Tj 1 0 0 /P0 scn';
    expect(grayPatternOperands(tricky, spaces)).toBe(tricky.replace(/1 0 0 \/P0 scn$/, '0.5 /P0 scn'));
  });
});

describe('pdfNames', () => {
  it('lists the names of an object as written, escapes kept, and passes over strings', () => {
    const printed = '<</Subtype/text#2Fplain/S(x /y#20z \\(q\\) /w)/H<2F41>/K[/A#20B 1 0 R]/D<</E/F>>>>';
    expect(pdfNames(printed)).toEqual(['Subtype', 'text#2Fplain', 'S', 'H', 'K', 'A#20B', 'D', 'E', 'F']);
  });
});
