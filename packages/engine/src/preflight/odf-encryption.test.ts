import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { zipPackage } from '@paperknife/catalog/testing/container-fixtures';
import { encryptedOpenDocument, presentationOdp } from '../testing/office-fixtures.js';
import { isEncryptedOpenDocument } from './odf-encryption.js';

const corpusOffice = fileURLToPath(new URL('../../../../../shared/corpus/office/', import.meta.url));
const spreadsheet = 'application/vnd.oasis.opendocument.spreadsheet';

describe('isEncryptedOpenDocument', () => {
  it('finds encryption data in a deflated manifest', () => {
    expect(isEncryptedOpenDocument(encryptedOpenDocument(spreadsheet))).toBe(true);
  });

  it('finds it in a stored manifest too', () => {
    const manifest = '<manifest:manifest><manifest:file-entry><manifest:encryption-data/></manifest:file-entry>';
    const stored = zipPackage([['mimetype', spreadsheet], 'content.xml', ['META-INF/manifest.xml', manifest]]);
    expect(isEncryptedOpenDocument(Buffer.from(stored))).toBe(true);
  });

  it('says no for a plain package, a package without a manifest, a cut package and other bytes', () => {
    expect(isEncryptedOpenDocument(presentationOdp(['Open']))).toBe(false);
    expect(isEncryptedOpenDocument(Buffer.from(zipPackage([['mimetype', spreadsheet], 'content.xml'])))).toBe(false);
    const cut = encryptedOpenDocument(spreadsheet);
    expect(isEncryptedOpenDocument(cut.subarray(0, cut.length - 30))).toBe(false);
    expect(isEncryptedOpenDocument(Buffer.from('%PDF-1.7\n'))).toBe(false);
    expect(isEncryptedOpenDocument(Buffer.alloc(0))).toBe(false);
  });

  it.skipIf(!existsSync(corpusOffice))(
    'says no for the corpus OpenDocument files, none of which has a password',
    async () => {
      for (const name of ['odftk-bar-charts.ods', 'odftk-presentation1.odp', 'poi-sampless.ods']) {
        expect(isEncryptedOpenDocument(await readFile(`${corpusOffice}${name}`)), name).toBe(false);
      }
    },
  );
});
