import { describe, expect, it } from 'vitest';
import { partName, uploadStem } from './part-names.js';

describe('output names', () => {
  it('names parts after the upload', () => {
    expect(partName('report.pdf', [1], 9, '.pdf')).toBe('report-page-01.pdf');
    expect(partName('report.pdf', [4, 5, 6], 9, '.pdf')).toBe('report-pages-4-6.pdf');
    expect(partName('big.pdf', [7], 120, '.jpg')).toBe('big-page-007.jpg');
  });

  it('keeps names safe', () => {
    expect(uploadStem('../../etc/passwd.pdf')).toBe('etc-passwd');
    expect(uploadStem('...pdf')).toBe('document');
    expect(uploadStem('--- .pdf')).toBe('document');
    expect(uploadStem('Überblick März.pdf')).toBe('Überblick März');
  });
});
