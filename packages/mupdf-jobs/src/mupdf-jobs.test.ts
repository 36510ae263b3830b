import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ToolError } from '@paperknife/catalog/errors';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool, pageJpegOptions, runTool } from '@paperknife/engine';
import { brokenImageCodecs, brokenImagesPdf } from '@paperknife/engine/testing/broken-image-fixtures';
import { makePdf, passwordProtected } from '@paperknife/engine/testing/make-pdf';
import { jobPerTest } from '@paperknife/engine/testing/test-job';
import { unzipSync } from 'fflate';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256 } from './sha256.js';
import { type MupdfDeviceToolId, type MupdfJobSettings, runMupdfJob } from './mupdf-jobs.js';

/**
 * The MuPDF device tools run here as the browser runs them (bytes in, the `mupdf` module handed over, bytes out)
 * beside the server's runners on the same generated files: the same names, the same text and copied JPEGs byte for
 * byte, the same pixels in every PNG, JPEG pages within the two encoders' difference (the server's sharp writes
 * mozjpeg, the device MuPDF's libjpeg), and the same refusals. The corpus-wide comparison is
 * bench/device/mupdf-equivalence.ts.
 */

const job = jobPerTest();
afterAll(async () => {
  await closeMupdfPool();
});

interface Outcome {
  download?: string;
  files?: { name: string; bytes: Uint8Array }[];
  headers?: Record<string, string>;
  error?: string;
}

const codeOf = (error: unknown) => {
  if (error instanceof ToolError) return { error: error.code };
  throw error;
};

/** One tool on the server's runner and on the device's job, from the same bytes and options. */
async function onBoth(
  toolId: MupdfDeviceToolId,
  name: string,
  bytes: Uint8Array,
  raw: Record<string, string>,
  settings: MupdfJobSettings = {},
) {
  const options = parseToolOptions(toolId, raw) as never;
  const server: Outcome = await runTool(toolId, [await job.input(name, bytes)], options, job.context).then(
    async (result) => {
      const data = new Uint8Array(await readFile(result.path));
      const files = result.download.name.endsWith('.zip')
        ? Object.entries(unzipSync(data)).map(([entry, content]) => ({ name: entry, bytes: content }))
        : [{ name: result.download.name, bytes: data }];
      return { download: result.download.name, files, headers: result.headers ?? {} };
    },
    codeOf,
  );
  const device: Outcome = await runMupdfJob(toolId, [{ name, bytes }], options, mupdf, settings).then(
    (result) => ({
      download: result.download.name,
      files: result.files.map((file) => ({ name: file.name, bytes: file.bytes })),
      headers: result.headers,
    }),
    codeOf,
  );
  return { server, device };
}

async function pixels(image: Uint8Array) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const { density } = await sharp(image).metadata();
  return { data, width: info.width, height: info.height, channels: info.channels, density };
}

/** Names and headers alike; each pair of files alike by `same`. */
async function expectAlike(
  { server, device }: { server: Outcome; device: Outcome },
  same: (server: Uint8Array, device: Uint8Array, name: string) => Promise<void>,
) {
  expect(device.download).toBe(server.download);
  expect(device.headers).toEqual(server.headers);
  expect(device.files!.map((file) => file.name)).toEqual(server.files!.map((file) => file.name));
  for (const [index, file] of server.files!.entries()) await same(file.bytes, device.files![index]!.bytes, file.name);
}

const box = { rgb: [0.9, 0.1, 0.1] as [number, number, number], x: 72, y: 500, width: 200, height: 100 };
const twoPages = () =>
  makePdf({
    pages: [
      { box, text: ['Quarterly report', 'Revenue grew'] },
      { rotate: 90, text: ['Page two'] },
    ],
  });

describe('MuPDF jobs on the device and on the server', () => {
  it('pdf-to-png gives the same pixels and resolution, opaque and transparent', async () => {
    for (const transparent of ['false', 'true']) {
      const both = await onBoth('pdf-to-png', 'report.pdf', twoPages(), { dpi: '72', transparent });
      await expectAlike(both, async (server, device) => {
        const [a, b] = [await pixels(server), await pixels(device)];
        expect(b.density).toBe(a.density);
        expect({ ...b, data: undefined }).toEqual({ ...a, data: undefined });
        expect(Buffer.compare(a.data, b.data)).toBe(0);
      });
    }
  });

  it('pdf-to-jpg gives the same pages, sizes and resolution, pixels within the encoders difference', async () => {
    const both = await onBoth('pdf-to-jpg', 'report.pdf', twoPages(), { dpi: '100', quality: '85' });
    await expectAlike(both, async (server, device) => {
      const [a, b] = [await pixels(server), await pixels(device)];
      expect([b.width, b.height, b.channels, b.density]).toEqual([a.width, a.height, a.channels, a.density]);
      let sum = 0;
      for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
      expect(sum / a.data.length).toBeLessThan(1.5);
    });
  });

  it("pdf-to-jpg with the server's encoder handed over writes the server's bytes", async () => {
    const encodeJpeg: MupdfJobSettings['encodeJpeg'] = async (page, quality, dpi) =>
      sharp(page.data, { raw: { width: page.width, height: page.height, channels: page.channels } })
        .withMetadata({ density: dpi })
        .jpeg(pageJpegOptions(quality))
        .toBuffer();
    const raw = { dpi: '100', quality: '70' };
    const both = await onBoth('pdf-to-jpg', 'report.pdf', twoPages(), raw, { encodeJpeg });
    await expectAlike(both, async (server, device) => expect(Buffer.compare(server, device)).toBe(0));
  });

  it('a page whose image does not decode is drawn without it and counted on both', async () => {
    // Not DCT: the server's preflight (qpdf --check) decodes JPEG data and refuses a file it cannot repair.
    const codecs = brokenImageCodecs.filter((codec) => codec !== 'dct');
    const both = await onBoth('pdf-to-png', 'broken.pdf', brokenImagesPdf(codecs), { dpi: '72' });
    expect(both.server.headers).toEqual({ 'X-Pages-With-Broken-Images': String(codecs.length) });
    await expectAlike(both, async (server, device) => {
      expect(Buffer.compare((await pixels(server)).data, (await pixels(device)).data)).toBe(0);
    });
  });

  it('extract-text writes the same bytes', async () => {
    const both = await onBoth('extract-text', 'report.pdf', twoPages(), { ocr: 'never' });
    await expectAlike(both, async (server, device) => {
      expect(new TextDecoder().decode(server)).toContain('--- Page 2 ---\nPage two');
      expect(Buffer.compare(server, device)).toBe(0);
    });
  });

  it('extract-images copies the same JPEGs and writes PNGs of the same pixels', async () => {
    const width = 40;
    const height = 30;
    const raw = Buffer.alloc(width * height * 3).map((_, i) => (i * 31) % 256);
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const doc = new mupdf.PDFDocument();
    const mask = doc.addStream(
      new Uint8Array(width * height).map((_, i) => (i % width < 20 ? 255 : 60)),
      {
        Type: 'XObject',
        Subtype: 'Image',
        Width: width,
        Height: height,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
      },
    );
    const masked = doc.addStream(raw, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      SMask: mask,
    });
    const photo = doc.addRawStream(jpeg, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'DCTDecode',
    });
    const resources = doc.addObject({ XObject: { Im1: masked, Im2: photo } });
    const content = 'q 100 0 0 75 20 20 cm /Im1 Do Q q 100 0 0 75 20 120 cm /Im2 Do Q';
    doc.insertPage(-1, doc.addPage([0, 0, 200, 200], 0, resources, content));
    const bytes = doc.saveToBuffer('').asUint8Array().slice();
    doc.destroy();
    const both = await onBoth('extract-images', 'photos.pdf', bytes, {});
    expect(both.server.files!.map((file) => file.name).sort()).toEqual([
      'photos-page-01-image-1.png',
      'photos-page-01-image-2.jpg',
    ]);
    await expectAlike(both, async (server, device, name) => {
      if (name.endsWith('.jpg')) expect(Buffer.compare(server, device)).toBe(0);
      else expect(Buffer.compare((await pixels(server)).data, (await pixels(device)).data)).toBe(0);
    });
  });

  it.each([
    ['encrypted_pdf', 'pdf-to-jpg', () => passwordProtected(twoPages())],
    ['damaged_pdf', 'extract-text', () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF\n')],
    ['no_images', 'extract-images', twoPages],
    ['unsupported_file_type', 'pdf-to-png', () => Buffer.from('PK\u0003\u0004 not a PDF at all')],
  ] as const)('refuses with %s on both (%s)', async (code, toolId, make) => {
    const both = await onBoth(toolId, 'in.pdf', make(), {});
    expect(both.server).toEqual({ error: code });
    expect(both.device).toEqual({ error: code });
  });

  it('leaves a file that needs a repair to the server: damaged_pdf on the device only', async () => {
    const text = Buffer.from(twoPages()).toString('latin1');
    const damaged = Buffer.from(text.replace(/startxref\s+\d+/, 'startxref\n9'), 'latin1');
    const both = await onBoth('extract-text', 'in.pdf', damaged, { ocr: 'never' });
    expect(both.server.files).toHaveLength(1);
    expect(both.device).toEqual({ error: 'damaged_pdf' });
  });
});

it("hashes as Node's SHA-256 where a browser has no Web Crypto (plain HTTP)", () => {
  for (const length of [0, 55, 56, 64, 119, 1000]) {
    const bytes = new Uint8Array(length).map((_, i) => (i * 7 + 3) & 255);
    expect(Buffer.from(sha256(bytes)).toString('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
  }
});
