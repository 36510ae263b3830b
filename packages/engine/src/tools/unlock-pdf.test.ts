import { describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import type { InputFile } from '../jobs/tool-runner.js';
import { runQpdfJob } from '../programs/qpdf.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfEncryption, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { unlockPdf } from './unlock-pdf.js';

const job = jobPerTest();

async function locked(user: string, owner: string): Promise<InputFile> {
  const plain = await job.input('plain.pdf', makePdf({ pageCount: 2 }));
  const path = `${plain.path}-locked`;
  await runQpdfJob(
    {
      inputFile: plain.path,
      outputFile: path,
      encrypt: { userPassword: user, ownerPassword: owner, '256bit': { print: 'none' } },
    },
    job.context,
  );
  return { path, name: 'locked.pdf', size: 0 };
}

const unlock = (file: InputFile, password?: string) =>
  unlockPdf([file], parseToolOptions('unlock-pdf', password === undefined ? {} : { password }), job.context);

function expectUnlocked(path: string) {
  assertValidPdf(path);
  expect(pdfEncryption(path).encrypted).toBe(false);
  expect(pdfPageTexts(path)).toEqual(['Page 1', 'Page 2']);
}

describe('unlock-pdf', () => {
  it('unlocks with the open password or the owner password', async () => {
    const file = await locked('open-me', 'owner-me');
    const withUser = await unlock(file, 'open-me');
    expectUnlocked(withUser.path);
    expect(withUser.download.name).toBe('unlocked-document.pdf');
    expectUnlocked((await unlock(file, 'owner-me')).path);
  });

  it('tells a wrong password from a missing one', async () => {
    const file = await locked('open-me', 'owner-me');
    expect(await toolErrorCode(unlock(file, 'open-you'))).toBe('wrong_password');
    expect(await toolErrorCode(unlock(file))).toBe('password_required');
  });

  it('lifts owner-only restrictions without a password', async () => {
    const file = await locked('', 'owner-me');
    expect(pdfEncryption(file.path).permissions['print high resolution']).toBe(false);
    expectUnlocked((await unlock(file)).path);
    // A wrong password for it: the run started with that password is made again with none, which opens it.
    expectUnlocked((await unlock(file, 'not-the-owner')).path);
  });

  it('re-saves a PDF that was not encrypted', async () => {
    const file = await job.input('plain.pdf', makePdf({ pageCount: 2 }));
    expectUnlocked((await unlock(file, 'whatever')).path);
  });
});
