import { describe, expect, it } from 'vitest';
import { defaultLimits, formatMegabytes, readLimits } from './limits.js';

describe('limits', () => {
  it('defaults to 100 MB per file, 50 files and 250 MB per request, 2000 pages, 120 s per job, 100 OCR pages', () => {
    expect(defaultLimits).toEqual({
      maxFileBytes: 100 * 1024 * 1024,
      maxFiles: 50,
      maxRequestBytes: 250 * 1024 * 1024,
      maxPages: 2000,
      jobTimeoutMs: 120_000,
      ocrMaxPages: 100,
    });
  });

  it('reads the environment', () => {
    const limits = readLimits({
      PAPERKNIFE_MAX_FILE_MB: '5',
      PAPERKNIFE_JOB_TIMEOUT_S: '1.5',
      PAPERKNIFE_MAX_FILES: '',
    });
    expect(limits.maxFileBytes).toBe(5 * 1024 * 1024);
    expect(limits.jobTimeoutMs).toBe(1500);
    expect(limits.maxFiles).toBe(50);
  });

  it('fails early and names the bad variable', () => {
    expect(() => readLimits({ PAPERKNIFE_MAX_PAGES: 'lots' })).toThrow(/PAPERKNIFE_MAX_PAGES/);
    expect(() => readLimits({ PAPERKNIFE_MAX_FILES: '-1' })).toThrow(/PAPERKNIFE_MAX_FILES/);
  });

  it('formats megabytes for people', () => {
    expect(formatMegabytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
