import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ToolError } from '@paperknife/catalog/errors';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { makePdf, passwordProtected } from '@paperknife/engine/testing/make-pdf';
import { jobPerTest } from '@paperknife/engine/testing/test-job';
import { qpdfChildRunner } from '@paperknife/engine/qpdf-child-runner';
import { beforeAll, describe, expect, it } from 'vitest';
import { heldBytes } from './memory-files.js';
import type { QpdfFile, QpdfRunner } from './qpdf-runner.js';
import { type DeviceToolId, type JobInput, runQpdfJob } from './qpdf-jobs.js';
import { type QpdfWasmFactory, createWasmQpdfRunner } from './wasm-qpdf-runner.js';

/**
 * Every device tool through both runners: the server's qpdf 11.3 as a child process and qpdf 12.2 compiled to
 * WebAssembly, run in Node. Outputs must be byte-identical (Protect's after decryption: its salts are random), and
 * refusals must carry the same codes. The corpus-wide comparison is bench/device/equivalence.ts.
 */

const require = createRequire(import.meta.url);
const wasmGlue = require.resolve('@neslinesli93/qpdf-wasm');
let wasm: QpdfRunner;
const job = jobPerTest();

beforeAll(() => {
  wasm = createWasmQpdfRunner({
    createModule: require(wasmGlue) as QpdfWasmFactory,
    locateFile: (name) => join(dirname(wasmGlue), name),
  });
});

const pages = (count: number, extra: { outline?: boolean; rotate?: 90 } = {}) =>
  makePdf({
    pages: Array.from({ length: count }, (_, i) => ({
      text: [`Page ${i + 1}`],
      ...(extra.rotate && i === 0 ? { rotate: extra.rotate } : {}),
    })),
    ...(extra.outline ? { outline: true } : {}),
  });

/** The file's bytes, wherever the runner left it. */
const bytesOf = async (file: QpdfFile) =>
  'path' in file ? new Uint8Array(await readFile(file.path)) : heldBytes(file);

/** Runs one tool on both runners with the same inputs: the inputs as paths for the child process, bytes for wasm. */
async function onBoth(
  toolId: DeviceToolId,
  inputs: { name: string; bytes: Uint8Array }[],
  raw: Record<string, string>,
) {
  const options = parseToolOptions(toolId, raw) as never;
  const onDisk: JobInput[] = [];
  for (const input of inputs) onDisk.push({ name: input.name, file: await job.input(input.name, input.bytes) });
  const inMemory = inputs.map((input) => ({ name: input.name, file: { bytes: input.bytes } }));
  const run = async (runner: QpdfRunner, files: JobInput[]) => {
    try {
      const result = await runQpdfJob(toolId, files, options, runner);
      const outputs = await Promise.all(
        result.files.map(async (file) => ({ name: file.name, bytes: await bytesOf(file.file) })),
      );
      return { download: result.download.name, outputs };
    } catch (error) {
      if (error instanceof ToolError) return { error: error.code };
      throw error;
    }
  };
  const native = await run(qpdfChildRunner(job.context), onDisk);
  const device = await run(wasm, inMemory);
  return { native, device };
}

describe('device jobs on both runners', () => {
  it.each([
    ['merge-pdf', [pages(2, { outline: true }), pages(3, { rotate: 90 })], {}],
    ['rotate-pdf', [pages(3)], { angle: '90', pages: '2-3' }],
    ['extract-pages', [pages(4)], { pages: '3,1-2' }],
    ['delete-pages', [pages(4, { outline: true })], { pages: '2' }],
    ['organize-pdf', [pages(3, { outline: true, rotate: 90 })], { order: '3,blank,1r90,1-2' }],
    ['split-pdf', [pages(5)], { mode: 'every', every: '2' }],
    ['split-pdf', [pages(12)], { mode: 'pages' }],
    ['split-pdf', [pages(4)], { mode: 'ranges', ranges: '1-2,4,1-2' }],
  ] as const)('%s writes the same bytes', async (toolId, files, raw) => {
    const inputs = files.map((bytes, i) => ({ name: `doc-${i + 1}.pdf`, bytes }));
    const { native, device } = await onBoth(toolId, inputs, raw);
    expect(native).not.toHaveProperty('error');
    expect(device).toEqual(native);
  });

  it('keeps every byte of an output that outgrows its inputs, handed back as a Blob of parts', async () => {
    // A long document with object streams, written back as uncompressed QDF: well past the input's size, and past
    // the 4 MB at which the runner makes a part of what qpdf wrote a Blob.
    const line = 'qpdf writes this line back without compressing it. '.repeat(2);
    const text = (page: number) => Array.from({ length: 45 }, (_, row) => `${page}.${row} ${line}`);
    const plain = await job.input(
      'plain.pdf',
      makePdf({ pages: Array.from({ length: 800 }, (_, i) => ({ text: text(i) })) }),
    );
    const packed = join(job.context.workDir, 'packed.pdf');
    execFileSync('qpdf', ['--object-streams=generate', '--compress-streams=y', plain.path, packed]);
    const input = new Uint8Array(await readFile(packed));
    const args = ['--deterministic-id', '--qdf', '--object-streams=disable', 'in.pdf', 'out.pdf'];
    const written = async (runner: QpdfRunner, file: QpdfFile) => {
      const result = await runner.run({ args, inputs: new Map([['in.pdf', file]]), outputs: ['out.pdf'] });
      expect(result.exitCode).toBe(0);
      return result.outputs.get('out.pdf')!;
    };
    const native = await bytesOf(await written(qpdfChildRunner(job.context), await job.input('in.pdf', input)));
    const output = await written(wasm, { bytes: input });
    // Kept by the browser as a Blob, not in one array of the tab's memory (nor copied once more for the download).
    expect(output).toHaveProperty('blob');
    const device = await bytesOf(output);
    expect(device.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(device.length).toBeGreaterThan(2 * input.length);
    expect(Buffer.from(device).equals(Buffer.from(native))).toBe(true);
  }, 30_000); // two runs writing 800 pages each, one in WebAssembly: seconds on a busy machine

  it('unlock writes the same bytes from a password-protected PDF', async () => {
    const locked = passwordProtected(pages(2), 'open sesame');
    const { native, device } = await onBoth('unlock-pdf', [{ name: 'locked.pdf', bytes: locked }], {
      password: 'open sesame',
    });
    expect(native).not.toHaveProperty('error');
    expect(device).toEqual(native);
  });

  it('protect encrypts to the same document, compared after decryption', async () => {
    const raw = { userPassword: 'correct-horse', ownerPassword: 'battery-staple', allowPrinting: 'false' };
    const { native, device } = await onBoth('protect-pdf', [{ name: 'a.pdf', bytes: pages(2) }], raw);
    const decrypted = async (result: typeof native) => {
      if (!result.outputs) throw new Error(`refused: ${result.error}`);
      const path = join(job.context.workDir, `encrypted-${Math.random()}.pdf`);
      await writeFile(path, result.outputs[0]!.bytes);
      const show = execFileSync('qpdf', ['--password=correct-horse', '--show-encryption', path], { encoding: 'utf8' });
      const plain = execFileSync('qpdf', ['--password=correct-horse', '--decrypt', '--deterministic-id', path, '-']);
      // The encryption's parameters and permissions; its keys differ with its salts. The decrypted file keeps the
      // first half of Protect's /ID, which qpdf draws from the clock: equal only for runs in the same second.
      return {
        show: show.replace(/^(User|Owner|Encryption) key.*$/gm, ''),
        plain: plain.toString('latin1').replace(/\/ID \[<[0-9a-f]+>/, '/ID [<first>'),
      };
    };
    const [fromNative, fromDevice] = [await decrypted(native), await decrypted(device)];
    expect(fromNative.show).toMatch(/R = 6/);
    expect(fromNative.show).toMatch(/print low resolution: not allowed/);
    expect(fromDevice).toEqual(fromNative);
  });

  it.each([
    ['rotate-pdf', { angle: '90' }, 'encrypted_pdf', () => passwordProtected(pages(2))],
    ['unlock-pdf', { password: 'not it' }, 'wrong_password', () => passwordProtected(pages(2))],
    ['unlock-pdf', {}, 'password_required', () => passwordProtected(pages(2))],
    ['merge-pdf', {}, 'damaged_pdf', () => damaged(pages(2))],
    ['protect-pdf', { userPassword: 'correct-horse' }, 'damaged_pdf', () => damaged(pages(2))],
    ['extract-pages', { pages: '4' }, 'page_out_of_range', () => pages(2)],
    ['delete-pages', { pages: '1-2' }, 'no_pages_left', () => pages(2)],
  ] as const)('%s refuses with %j: %s on both', async (toolId, raw, code, make) => {
    const bytes = make();
    const inputs = toolId === 'merge-pdf' ? [bytes, pages(1)] : [bytes];
    const named = inputs.map((data, i) => ({ name: `in-${i}.pdf`, bytes: data }));
    const { native, device } = await onBoth(toolId, named, raw);
    expect(native).toEqual({ error: code });
    expect(device).toEqual({ error: code });
  });
});

/** A PDF whose cross-reference offsets are off: qpdf reads it with a warning (a repair), never cleanly. */
function damaged(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1');
  return Buffer.from(text.replace(/startxref\s+\d+/, 'startxref\n9'), 'latin1');
}
