import { basename } from 'node:path';
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { ToolError } from '@paperknife/catalog/errors';
import { type ShapedLine, fontFileBytes, shapeLine } from './shape-text.js';

const fontsOf = (line: ShapedLine) => line.runs.map((run) => `${basename(run.face.path)}#${run.face.index}`);
const glyphIds = (line: ShapedLine) =>
  line.runs.flatMap((run) => run.clusters.flatMap((c) => c.glyphs.map((g) => g.gid)));

/** The glyph a font's character map gives each character, before any shaping. */
function nominalGlyphs(line: ShapedLine, text: string): number[] {
  const face = line.runs[0]!.face;
  const font = new hb.Font(new hb.Face(new hb.Blob(fontFileBytes(face.path)), face.index));
  return [...text].map((char) => font.nominalGlyph(char.codePointAt(0)!) ?? 0);
}

describe('shapeLine', () => {
  it('joins Arabic letters into their contextual forms, laid out right to left', () => {
    // ب, ي and ت all join: initial, medial and final forms.
    const text = 'بيت';
    const line = shapeLine(text);
    expect(fontsOf(line)).toEqual(['NotoSansArabic-Regular.ttf#0']);
    expect(line.runs[0]!.rtl).toBe(true);
    // Drawn left to right, so the last letter comes first; every letter is in a joined form, not its own.
    expect(line.runs[0]!.clusters.map((cluster) => cluster.text)).toEqual(['ت', 'ي', 'ب']);
    const nominal = nominalGlyphs(line, text).reverse();
    glyphIds(line).forEach((gid, index) => expect(gid).not.toBe(nominal[index]));
  });

  it('forms the lam-alef ligature as one glyph for two letters', () => {
    const line = shapeLine('لا');
    expect(line.runs[0]!.clusters).toHaveLength(1);
    expect(line.runs[0]!.clusters[0]!.text).toBe('لا');
    expect(line.runs[0]!.clusters[0]!.glyphs).toHaveLength(1);
  });

  it('draws the Devanagari vowel sign i before its consonant and forms conjuncts', () => {
    const ki = shapeLine('कि');
    const [ka] = nominalGlyphs(ki, 'कि');
    // The sign (in the variant the font picks for ka's width) comes first, then ka.
    expect(glyphIds(ki)).toHaveLength(2);
    expect(glyphIds(ki)[1]).toBe(ka);
    expect(glyphIds(ki)[0]).not.toBe(ka);
    // स्त: three characters, fewer glyphs than characters (a half form joined to ta).
    const sta = shapeLine('स्त');
    expect(glyphIds(sta).length).toBeLessThan(3);
  });

  it('orders a right-to-left line with numbers as Unicode bidi says', () => {
    const line = shapeLine('صفحة 3 من 10');
    const drawn = line.runs.map((run) => run.clusters.map((cluster) => cluster.text).join('')).join('');
    expect(drawn).toBe('10 نم 3 ةحفص');
  });

  it('keeps left-to-right words in order inside a right-to-left line and the reverse', () => {
    const rtl = shapeLine('مسودة DRAFT 1');
    expect(rtl.runs.map((run) => run.rtl)).toEqual([false, true]);
    expect(rtl.runs[0]!.clusters.map((cluster) => cluster.text).join('')).toBe('DRAFT 1');
    const ltr = shapeLine('Page 1 of 2 — טיוטה');
    expect(ltr.runs.map((run) => run.rtl)).toEqual([false, true]);
  });

  it('picks the CJK face of the language: kana for Japanese, hangul for Korean, else Chinese', () => {
    expect(fontsOf(shapeLine('机密'))).toEqual(['NotoSansCJK-Regular.ttc#2']);
    expect(fontsOf(shapeLine('秘密 ひみつ'))).toEqual(['NotoSansCJK-Regular.ttc#0']);
    expect(fontsOf(shapeLine('기밀'))).toEqual(['NotoSansCJK-Regular.ttc#1']);
  });

  it('falls back per run: Latin, Thai, Cyrillic, Greek and symbols each in a font that has them', () => {
    const line = shapeLine('OK ความลับ Черновик Σχέδιο ✓');
    expect(fontsOf(line)).toEqual([
      'NotoSans-Regular.ttf#0',
      'NotoSansThai-Regular.ttf#0',
      'NotoSans-Regular.ttf#0',
      'DejaVuSans.ttf#0',
    ]);
    expect(glyphIds(line)).not.toContain(0);
  });

  it('reads line breaks and tabs as spaces and draws nothing for direction marks', () => {
    const line = shapeLine('A\nB\tC\u200fD');
    const texts = line.runs.flatMap((run) => run.clusters.map((cluster) => cluster.text));
    expect(texts).toEqual(['A', ' ', 'B', ' ', 'C', 'D']);
    expect(line.text).toBe('A B C\u200fD');
  });

  it('refuses characters no installed font has, naming them', () => {
    expect(() => shapeLine('A \ue000')).toThrow(ToolError);
    expect(() => shapeLine('A \ue000')).toThrow(/\ue000/);
  });
});
