import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePdf } from './make-pdf.js';

const dir = mkdtempSync(join(tmpdir(), 'make-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('makePdf fixture', () => {
  it('writes a PDF that qpdf checks clean, with the pages asked for', () => {
    const file = join(dir, 'three.pdf');
    writeFileSync(
      file,
      makePdf({
        pages: [{}, { rotate: 90, width: 400, height: 300 }, { text: ['Hello', 'World'] }],
        outline: true,
        title: 'T',
      }),
    );
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain(
      'No syntax or stream encoding errors',
    );
    expect(execFileSync('qpdf', ['--show-npages', file], { encoding: 'utf8' }).trim()).toBe('3');
  });
});
