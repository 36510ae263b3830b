import { describe, expect, it } from 'vitest';
import { grayDefaultAppearance, grayOfComponents, grayOfRgb, grayRichText } from './gray-colour.js';

describe('gray-colour', () => {
  it('keeps black, white and grays, and orders colours by lightness', () => {
    expect(grayOfRgb(0, 0, 0)).toBe(0);
    expect(grayOfRgb(1, 1, 1)).toBe(1);
    expect(grayOfRgb(0.5, 0.5, 0.5)).toBeCloseTo(0.5, 2);
    // Green is the lightest primary and blue the darkest, as the eye sees them (and Ghostscript converts them).
    expect(grayOfRgb(0, 1, 0)).toBeCloseTo(0.86, 2);
    expect(grayOfRgb(1, 0, 0)).toBeCloseTo(0.5, 1);
    expect(grayOfRgb(0, 0, 1)).toBeCloseTo(0.3, 1);
  });

  it('reads gray, RGB and CMYK arrays and leaves other lengths alone', () => {
    expect(grayOfComponents([0.25])).toBe(0.25);
    expect(grayOfComponents([0, 1, 0])).toBe(grayOfRgb(0, 1, 0));
    expect(grayOfComponents([0, 0, 0, 1])).toBe(0);
    expect(grayOfComponents([0, 0, 0, 0])).toBe(1);
    expect(grayOfComponents([1, 0, 1, 0])).toBe(grayOfRgb(0, 1, 0));
    expect(grayOfComponents([])).toBeUndefined();
    expect(grayOfComponents([1, 0])).toBeUndefined();
  });

  it('rewrites the colour operators of a default appearance and nothing else', () => {
    expect(grayDefaultAppearance('/Helv 12 Tf 0 1 0 rg')).toBe(`/Helv 12 Tf ${grayOfRgb(0, 1, 0)} g`);
    expect(grayDefaultAppearance('/F1 9.5 Tf 0 0 0 1 k 1 0 0 RG')).toBe(`/F1 9.5 Tf 0 g ${grayOfRgb(1, 0, 0)} G`);
    expect(grayDefaultAppearance('0.2 0.4 .6 rg /Cour 0 Tf')).toBe(`${grayOfRgb(0.2, 0.4, 0.6)} g /Cour 0 Tf`);
    expect(grayDefaultAppearance('/Helv 12 Tf 0.3 g')).toBe('/Helv 12 Tf 0.3 g');
  });

  it('turns rich-text colours gray in hex, short hex and rgb() forms', () => {
    const level = Math.round(grayOfRgb(1, 0, 0) * 255)
      .toString(16)
      .padStart(2, '0');
    expect(grayRichText('font: Helvetica 12pt; color:#FF0000')).toBe(
      `font: Helvetica 12pt; color:#${level}${level}${level}`,
    );
    expect(grayRichText('<span style="color: #f00; background-color:#ffffff">x</span>')).toBe(
      `<span style="color: #${level}${level}${level}; background-color:#ffffff">x</span>`,
    );
    const decimal = parseInt(level, 16);
    expect(grayRichText('color: rgb(255, 0, 0)')).toBe(`color: rgb(${decimal}, ${decimal}, ${decimal})`);
    expect(grayRichText('<font color="#ff0000">x</font>')).toBe(`<font color="#${level}${level}${level}">x</font>`);
  });
});
