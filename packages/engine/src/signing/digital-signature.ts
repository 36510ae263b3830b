import { readFile, rm, writeFile } from 'node:fs/promises';
import { ToolError } from '@paperknife/catalog/errors';
import { mupdfPool } from '../mupdf/pool.js';
import { ProcessFailure, runProcess } from '../programs/run-process.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import type { SigningTasks } from './signing-tasks.js';

const pool = mupdfPool<SigningTasks>();

/** Room for a CMS signature with a chain of several certificates. */
const RESERVED_BYTES = 16_384;
/** Ten digits, wide enough for any offset in a file under the upload limit, and still an integer to MuPDF. */
const RANGE_PLACEHOLDER = 1_000_000_000;

export interface DigitalSignatureRequest {
  input: string;
  /** The .p12/.pfx bytes and their password: held in memory, written only inside the job folder. */
  certificate: Uint8Array;
  password: string;
  page: number;
  rect: [number, number, number, number];
}

/** "D:20260102030405Z" for now. */
function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

async function openssl(args: string[], context: ToolContext, input?: string): Promise<string> {
  const result = await runProcess('openssl', args, {
    cwd: context.workDir,
    signal: context.signal,
    timeoutMs: context.limits.jobTimeoutMs,
    ...(input === undefined ? {} : { input: Promise.resolve(input) }),
  });
  return result.stdout;
}

/**
 * The private key, the signer's certificate and the rest of its chain, as PEM, from a PKCS#12 file. The password
 * goes to openssl on its standard input, never on its command line. Files from older programs (RC2, 3DES) need
 * OpenSSL's legacy provider.
 */
async function readCertificate(path: string, password: string, context: ToolContext) {
  const extract = async (what: string[], legacy: boolean) =>
    openssl(
      ['pkcs12', '-in', path, '-passin', 'stdin', ...what, ...(legacy ? ['-legacy'] : [])],
      context,
      `${password}\n`,
    );
  const all = async (legacy: boolean) => ({
    key: await extract(['-nocerts', '-nodes'], legacy),
    signer: await extract(['-nokeys', '-clcerts'], legacy),
    chain: await extract(['-nokeys', '-cacerts'], legacy),
  });
  try {
    let pem;
    try {
      pem = await all(false);
    } catch (error) {
      if (!(error instanceof ProcessFailure && /unsupported/i.test(error.stderr))) throw error;
      pem = await all(true);
    }
    if (!pem.key.includes('PRIVATE KEY') || !pem.signer.includes('CERTIFICATE')) {
      throw new ToolError('invalid_certificate', 'This certificate file holds no private key: export it with its key.');
    }
    return pem;
  } catch (error) {
    if (!(error instanceof ProcessFailure)) throw error;
    if (/invalid password|mac verify/i.test(error.stderr)) {
      throw new ToolError('wrong_password', 'The certificate password is not correct. Check it and try again.');
    }
    throw new ToolError('invalid_certificate', undefined, { cause: error });
  }
}

/** Where the placeholders went: the /Contents hex string (with its brackets) and the /ByteRange array. */
function findPlaceholders(file: Buffer) {
  const text = file.toString('latin1');
  const zeros = '0'.repeat(RESERVED_BYTES * 2);
  const contentsStart = text.lastIndexOf(`<${zeros}>`);
  const range = new RegExp(
    `\\[\\s*0\\s+${RANGE_PLACEHOLDER}\\s+${RANGE_PLACEHOLDER}\\s+${RANGE_PLACEHOLDER}\\s*\\]`,
    'g',
  );
  const ranges = [...text.matchAll(range)];
  const rangeMatch = ranges.at(-1);
  if (contentsStart < 0 || !rangeMatch) throw new Error('signature placeholders not found in the saved file');
  return {
    contentsStart,
    contentsEnd: contentsStart + zeros.length + 2,
    rangeAt: rangeMatch.index,
    rangeText: rangeMatch[0],
  };
}

/**
 * Signs the PDF with the user's certificate: a signature field is added as an incremental update, then a detached
 * CMS signature (SHA-256, with the signing-certificate attribute of CAdES) over every byte but its own /Contents
 * is written into the space reserved for it. The key lives in the job folder only while openssl signs.
 */
export async function signDigitally(request: DigitalSignatureRequest, context: ToolContext): Promise<string> {
  const p12 = tempPath(context, 'certificate', '.p12');
  const keyPath = tempPath(context, 'key', '.pem');
  const signerPath = tempPath(context, 'signer', '.pem');
  const chainPath = tempPath(context, 'chain', '.pem');
  const signedBytesPath = tempPath(context, 'signed-bytes', '.bin');
  const cmsPath = tempPath(context, 'signature', '.der');
  try {
    await writeFile(p12, request.certificate, { mode: 0o600 });
    const pem = await readCertificate(p12, request.password, context);
    const prepared = tempPath(context, 'signature-field');
    await pool.run(
      'add-signature-field',
      {
        input: request.input,
        output: prepared,
        page: request.page,
        rect: request.rect,
        reservedBytes: RESERVED_BYTES,
        rangePlaceholder: RANGE_PLACEHOLDER,
        signingTime: pdfDate(new Date()),
      },
      { signal: context.signal, timeoutMs: context.limits.jobTimeoutMs },
    );
    const file = await readFile(prepared);
    const { contentsStart, contentsEnd, rangeAt, rangeText } = findPlaceholders(file);
    const byteRange = `[0 ${contentsStart} ${contentsEnd} ${file.length - contentsEnd}]`;
    file.write(byteRange.slice(0, -1).padEnd(rangeText.length - 1, ' ') + ']', rangeAt, 'latin1');
    await writeFile(signedBytesPath, Buffer.concat([file.subarray(0, contentsStart), file.subarray(contentsEnd)]));

    await writeFile(keyPath, pem.key, { mode: 0o600 });
    await writeFile(signerPath, pem.signer);
    await writeFile(chainPath, pem.chain);
    try {
      await openssl(
        [
          'cms',
          '-sign',
          '-binary',
          '-cades',
          '-md',
          'sha256',
          '-nosmimecap',
          '-outform',
          'DER',
          '-in',
          signedBytesPath,
          '-out',
          cmsPath,
          '-signer',
          signerPath,
          '-inkey',
          keyPath,
          ...(pem.chain.includes('CERTIFICATE') ? ['-certfile', chainPath] : []),
        ],
        context,
      );
    } catch (error) {
      // A key that does not belong to the certificate, or a key type openssl cannot sign with.
      if (error instanceof ProcessFailure) throw new ToolError('invalid_certificate', undefined, { cause: error });
      throw error;
    }
    const cms = await readFile(cmsPath);
    if (cms.length > RESERVED_BYTES) {
      throw new ToolError('invalid_certificate', 'The certificate chain is too long to fit in the signature.');
    }
    file.write(cms.toString('hex'), contentsStart + 1, 'latin1');
    const output = tempPath(context, 'signed-document');
    await writeFile(output, file);
    return output;
  } finally {
    await Promise.all([p12, keyPath, signerPath, chainPath, signedBytesPath].map((path) => rm(path, { force: true })));
  }
}
