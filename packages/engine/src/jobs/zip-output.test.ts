import { readFile, writeFile } from 'node:fs/promises';
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
});
