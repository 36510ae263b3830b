import { describe, expect, it } from 'vitest';
import { detectFileType } from './file-types.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('detectFileType', () => {
  it('recognises PDF, also after leading junk', () => {
    expect(detectFileType(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(detectFileType(bytes('\r\n\x00garbage%PDF-1.4'))).toBe('pdf');
  });

  it('recognises .docx (ZIP) and .doc (OLE2)', () => {
    expect(detectFileType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe('docx');
    expect(detectFileType(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('doc');
  });

  it('rejects anything else, whatever its name', () => {
    expect(detectFileType(bytes('hello world'))).toBeNull();
    expect(detectFileType(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
    expect(detectFileType(new Uint8Array())).toBeNull();
  });
});
