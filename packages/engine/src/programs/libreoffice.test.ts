import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { jobPerTest, LIBREOFFICE_TEST_MS } from '../testing/test-job.js';
import { LIBREOFFICE_IDLE_STOP_MS } from './libreoffice-idle.js';
import {
  closeLibreOffice,
  convertWithLibreOffice,
  isLibreOfficeReady,
  libreOfficeProcessId,
  setLibreOfficeIdleStop,
} from './libreoffice.js';

const job = jobPerTest();
afterAll(async () => {
  setLibreOfficeIdleStop(LIBREOFFICE_IDLE_STOP_MS);
  await closeLibreOffice();
});

async function convertSmallDocx(name: string): Promise<string> {
  const document = new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun(name)] })] }] });
  const input = join(job.context.workDir, `${name}.docx`);
  await writeFile(input, await Packer.toBuffer(document));
  return convertWithLibreOffice(input, job.context.workDir, job.context);
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the LibreOffice instance', { timeout: LIBREOFFICE_TEST_MS }, () => {
  it('stops after a quiet spell and starts again for the next conversion', async () => {
    setLibreOfficeIdleStop(300);
    await convertSmallDocx('first');
    const first = libreOfficeProcessId()!;
    expect(isLibreOfficeReady()).toBe(true);
    await vi.waitFor(() => expect(isLibreOfficeReady()).toBe(false), { timeout: 10_000, interval: 25 });
    await vi.waitFor(() => expect(running(first)).toBe(false), { timeout: 5_000, interval: 25 });

    await convertSmallDocx('second');
    expect(isLibreOfficeReady()).toBe(true);
    expect(libreOfficeProcessId()).not.toBe(first);
  });

  it('stays up while conversions keep coming closer together than the quiet spell', async () => {
    setLibreOfficeIdleStop(1500);
    await convertSmallDocx('one');
    const pid = libreOfficeProcessId();
    for (const name of ['two', 'three', 'four']) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await convertSmallDocx(name);
      expect(libreOfficeProcessId()).toBe(pid);
    }
  });

  it('keeps running once started when the quiet spell is 0', async () => {
    setLibreOfficeIdleStop(0);
    await convertSmallDocx('kept');
    const pid = libreOfficeProcessId();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(isLibreOfficeReady()).toBe(true);
    expect(libreOfficeProcessId()).toBe(pid);
  });
});
