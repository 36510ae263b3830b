import { describe, expect, it } from 'vitest';
import { bytesSource, detectFileType, identifyFile } from './file-types.js';
import { compoundFile, openDocumentPackage, zipPackage } from './testing/container-fixtures.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('detectFileType', () => {
  it('recognises PDF, also after leading junk', () => {
    expect(detectFileType(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(detectFileType(bytes('\r\n\x00garbage%PDF-1.4'))).toBe('pdf');
  });

  it('leaves ZIP packages and compound files to identifyFile', () => {
    expect(detectFileType(zipPackage(['word/document.xml']))).toBeNull();
    expect(detectFileType(compoundFile(['WordDocument']))).toBeNull();
  });

  it('recognises the image formats JPG to PDF takes', () => {
    expect(detectFileType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(detectFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(detectFileType(bytes('GIF89a'))).toBe('gif');
    expect(detectFileType(bytes('RIFF\x10\0\0\0WEBPVP8 '))).toBe('webp');
    expect(detectFileType(bytes('RIFF\x10\0\0\0WAVEfmt '))).toBeNull();
    expect(detectFileType(bytes('II*\0'))).toBe('tiff');
    expect(detectFileType(bytes('MM\0*'))).toBe('tiff');
    const bmp = new Uint8Array(16);
    bmp.set([0x42, 0x4d]);
    bmp[14] = 40;
    expect(detectFileType(bmp)).toBe('bmp');
    expect(detectFileType(bytes('\0\0\0\x18ftypheic\0\0\0\0'))).toBe('heic');
    expect(detectFileType(bytes('\0\0\0\x18ftypmif1\0\0\0\0'))).toBe('heic');
    expect(detectFileType(bytes('\0\0\0\x18ftypisom\0\0\0\0'))).toBeNull();
  });

  it('rejects anything else, whatever its name', () => {
    expect(detectFileType(bytes('hello world'))).toBeNull();
    expect(detectFileType(new Uint8Array([0x42, 0x4d, 0, 0]))).toBeNull();
    expect(detectFileType(new Uint8Array())).toBeNull();
  });
});

describe('identifyFile', () => {
  const identify = (bytes: Uint8Array) => identifyFile(bytesSource(bytes));
  const openXml = (folder: string) => [
    '[Content_Types].xml',
    '_rels/.rels',
    `${folder}/_rels/x.rels`,
    `${folder}/main.xml`,
  ];

  it('tells Word, Excel and PowerPoint packages apart by their part names', async () => {
    expect(await identify(zipPackage(openXml('word')))).toBe('docx');
    expect(await identify(zipPackage(openXml('xl')))).toBe('xlsx');
    expect(await identify(zipPackage(openXml('ppt')))).toBe('pptx');
    // A chart's workbook inside a presentation does not make it a workbook.
    expect(await identify(zipPackage([...openXml('ppt'), 'ppt/embeddings/chart.xlsx']))).toBe('pptx');
    expect(await identify(zipPackage(['readme.txt', 'photos/a.jpg']))).toBeNull();
  });

  it('reads the local headers of a package whose end is missing', async () => {
    const whole = zipPackage(openXml('xl'));
    expect(await identify(zipPackage(openXml('xl'), { directory: false }))).toBe('xlsx');
    expect(await identify(whole.subarray(0, whole.length - 30))).toBe('xlsx');
  });

  it('recognises OpenDocument by its mimetype part', async () => {
    expect(await identify(openDocumentPackage('application/vnd.oasis.opendocument.text'))).toBe('odt');
    expect(await identify(openDocumentPackage('application/vnd.oasis.opendocument.spreadsheet'))).toBe('ods');
    expect(await identify(openDocumentPackage('application/vnd.oasis.opendocument.presentation'))).toBe('odp');
    expect(await identify(openDocumentPackage('application/vnd.oasis.opendocument.graphics'))).toBeNull();
  });

  it('tells compound files apart by their stream names, past the first directory sector', async () => {
    const padding = ['\u0005SummaryInformation', '\u0005DocumentSummaryInformation', 'Data', 'Table', 'Pictures'];
    expect(await identify(compoundFile(['WordDocument', '1Table']))).toBe('doc');
    expect(await identify(compoundFile([...padding, 'Workbook']))).toBe('xls');
    expect(await identify(compoundFile([...padding, 'Current User', 'PowerPoint Document']))).toBe('ppt');
    expect(await identify(compoundFile(['EncryptionInfo', 'EncryptedPackage']))).toBe('encrypted-office');
    expect(await identify(compoundFile(['Contents']))).toBeNull();
    expect(await identify(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBeNull();
  });

  it('takes text laid out as a table for CSV, and prose for nothing', async () => {
    expect(await identify(bytes('name,price\nTea,2.50\n"Milk, fresh",1.20\n'))).toBe('csv');
    expect(await identify(bytes('\ufeffStadt;Preis\r\nZürich;12,50\r\n'))).toBe('csv');
    expect(await identify(bytes('a\tb\tc\n1\t2\t3\n'))).toBe('csv');
    expect(await identify(bytes('Dear Ann, thanks.\nSee you soon, Bob, at noon.\n'))).toBeNull();
    expect(await identify(bytes('one line, no more'))).toBeNull();
    expect(await identify(bytes('a,b\n1,2\n\u0000'))).toBeNull();
  });

  it('still finds PDFs by their header', async () => {
    expect(await identify(bytes('%PDF-1.7\n'))).toBe('pdf');
  });
});
