import { readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { jobPerTest } from '../testing/test-job.js';
import { writeZip } from './zip-output.js';

const job = jobPerTest();

describe('writeZip', () => {
  it('writes files from disk and from memory, stored or deflated', async () => {
    const folder = job.context.workDir;
    await writeFile(join(folder, 'a.txt'), 'from disk '.repeat(100));
    const target = join(folder, 'ok.zip');
    await writeZip(target, [
      { name: 'a.txt', path: join(folder, 'a.txt') },
      { name: 'b.bin', data: Buffer.from([1, 2, 3]), store: true },
    ]);
    const entries = unzipSync(await readFile(target));
    expect(Buffer.from(entries['a.txt']!).toString()).toBe('from disk '.repeat(100));
    expect([...entries['b.bin']!]).toEqual([1, 2, 3]);
  });

  it('fails with the read error when the file of an entry is gone, without an unhandled error event', async () => {
    const folder = job.context.workDir;
    const entries = [
      { name: 'a.txt', data: Buffer.from('kept') },
      { name: 'gone.txt', path: join(folder, 'no-such-file.txt') },
    ];
    await expect(writeZip(join(folder, 'gone.zip'), entries)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stores an entry deflate would not shrink and deflates one it would, when told to decide', async () => {
    const folder = job.context.workDir;
    // Noise (a PDF of photos) and text (a PDF of words and forms), both past the size at which samples decide.
    const noise = randomBytes(400 * 1024);
    await writeFile(join(folder, 'noise.pdf'), noise);
    await writeFile(join(folder, 'text.pdf'), 'BT /F1 12 Tf (a line of words) Tj ET\n'.repeat(12_000));
    const target = join(folder, 'decided.zip');
    await writeZip(target, [
      { name: 'noise.pdf', path: join(folder, 'noise.pdf'), store: 'if-incompressible' },
      { name: 'text.pdf', path: join(folder, 'text.pdf'), store: 'if-incompressible' },
      { name: 'noise-in-memory.pdf', data: noise, store: 'if-incompressible' },
    ]);
    const zip = await readFile(target);
    expect(compressionMethods(zip)).toEqual({ 'noise.pdf': 0, 'text.pdf': 8, 'noise-in-memory.pdf': 0 });
    expect(Buffer.from(unzipSync(zip)['noise.pdf']!).equals(noise)).toBe(true);
  });

  it('decides by the whole file, not by a few stretches of text among its photos', async () => {
    const folder = job.context.workDir;
    // 1.5 MB of noise with 32 KB of text at a tenth, half and nine tenths: deflate would save 6 % of it.
    const mixed = randomBytes(1536 * 1024);
    for (const share of [0.1, 0.5, 0.9]) {
      mixed.write('BT (words) Tj ET\n'.repeat(2048).slice(0, 32 * 1024), Math.floor(mixed.length * share), 'latin1');
    }
    await writeFile(join(folder, 'mixed.pdf'), mixed);
    const target = join(folder, 'mixed.zip');
    await writeZip(target, [{ name: 'mixed.pdf', path: join(folder, 'mixed.pdf'), store: 'if-incompressible' }]);
    expect(compressionMethods(await readFile(target))).toEqual({ 'mixed.pdf': 0 });
  });
});

/** Each entry's compression method (0 stored, 8 deflated), from the ZIP's central directory. */
function compressionMethods(zip: Buffer): Record<string, number> {
  const methods: Record<string, number> = {};
  for (let at = zip.indexOf('PK\x01\x02', 0, 'latin1'); at >= 0; at = zip.indexOf('PK\x01\x02', at + 4, 'latin1')) {
    const nameLength = zip.readUInt16LE(at + 28);
    methods[zip.toString('utf8', at + 46, at + 46 + nameLength)] = zip.readUInt16LE(at + 10);
  }
  return methods;
}
