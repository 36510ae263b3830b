import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { SCAN_PAGE_LINES, scannedPdf } from '@paperknife/engine/testing/ocr-fixtures';
import { assertValidPdf, pdfPageTexts } from '@paperknife/engine/testing/pdf-assertions';
import { repoRoot } from './env.js';
import { multipart } from './testing/test-app.js';

/**
 * The Docker image's promise, checked without Docker (decision 134): the built server, run as the Dockerfile runs
 * it (its ENV, its user's uid, its WORKDIR and CMD), in a mount namespace where the whole root filesystem is
 * read-only and only /tmp (tmpfs) and /data are writable (deploy/read-only-root.sh), serves the tools that write
 * the most: LibreOffice, OCRmyPDF, Ghostscript, MuPDF. A write anywhere else fails there, as in
 * `docker run --read-only`. Needs root and `unshare` (a mount namespace); skipped, saying why, otherwise.
 */

const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
/** The image's stage: what follows the last FROM. */
const imageStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

/** The image's ENV lines, as NAME=VALUE pairs (the Dockerfile writes them unquoted, on one line each). */
function imageEnvironment(): Record<string, string> {
  const pairs = [...imageStage.matchAll(/^ENV (.+)$/gm)].flatMap((line) => line[1]!.trim().split(/\s+/));
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

const imageUid = /useradd [^\n]*--uid (\d+) paperknife/.exec(imageStage)?.[1];
const imageCommand = /^CMD (\[.+\])$/m.exec(imageStage)?.[1];

/** The node image's PATH (Docker's default), before the Dockerfile's own ENV. */
const IMAGE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

function missingRequirement(): string | null {
  if (process.platform !== 'linux') return 'it needs Linux mount namespaces';
  if (process.getuid?.() !== 0) return 'it needs root, to make a mount namespace with a read-only root';
  for (const program of ['unshare', 'setpriv', 'chroot']) {
    if (spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0) return `${program} is not installed`;
  }
  if (spawnSync('unshare', ['--mount', '--propagation', 'private', 'true']).status !== 0)
    return 'unshare --mount is not allowed here (a container without CAP_SYS_ADMIN?)';
  // The image's CMD runs `node` found on the image's PATH, which a Node installed elsewhere (nvm, a home folder) is not.
  if (!IMAGE_PATH.split(':').some((folder) => existsSync(join(folder, 'node'))))
    return `node is not in ${IMAGE_PATH}, where the image has it`;
  for (const built of ['apps/server/dist/server.js', 'apps/web/build/client/index.html']) {
    if (!existsSync(join(repoRoot, built))) return `${built} is not built (npm test builds it)`;
  }
  return null;
}

const missing = missingRequirement();
if (missing) console.warn(`Skipping the read-only root test: ${missing}.`);

let folder = '';
let server: ChildProcess | undefined;
let origin = '';

/** What the server's process sees at `path` inside its own root. */
const insideServer = (path: string) => join(`/proc/${server!.pid}/root`, path);

describe.skipIf(missing !== null)('the Docker image with a read-only root filesystem', () => {
  beforeAll(async () => {
    expect(imageUid, 'the Dockerfile creates its user with useradd --uid').toBeDefined();
    expect(imageCommand, 'the Dockerfile has a CMD in exec form').toBeDefined();
    // deploy/read-only-root.sh puts the repository where the image has its files, and gives the volumes.
    expect(imageStage).toMatch(/^WORKDIR \/app$/m);
    expect(imageStage).toMatch(/^USER paperknife$/m);
    expect(imageStage).toMatch(/^VOLUME \/data \/tmp$/m);
    folder = await mkdtemp(join(tmpdir(), 'paperknife-read-only-'));
    const environment = {
      PATH: IMAGE_PATH,
      ...imageEnvironment(),
      // Loopback and any free port: this is a test on a shared machine, not a published container.
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
    };
    server = spawn(
      'unshare',
      [
        '--mount',
        '--propagation',
        'private',
        '--',
        'sh',
        join(repoRoot, 'deploy/read-only-root.sh'),
        folder,
        imageUid!,
        ...Object.entries(environment).map(([name, value]) => `${name}=${value}`),
        ...(JSON.parse(imageCommand!) as string[]),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    origin = await new Promise<string>((resolve, reject) => {
      let output = '';
      const read = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      };
      server!.stdout!.on('data', read);
      server!.stderr!.on('data', read);
      server!.once('exit', (code) => reject(new Error(`the server stopped (${code}) before listening:\n${output}`)));
    });
    // Taking work: a server just started on a busy machine may still answer 503 for its start-up's event-loop delay.
    await vi.waitFor(
      async () => {
        const empty = await fetch(`${origin}/functions/v1/extract-text-pdf`, { method: 'POST', body: new FormData() });
        expect(empty.status).toBe(400);
      },
      { timeout: 30_000, interval: 100 },
    );
  }, 60_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const stopped = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await stopped;
    }
    // The mounts went with the namespace's last process; what is left is the data folder and an empty mount point.
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('runs as the image user, with only /tmp, /data and the kernel folders writable', () => {
    const status = readFileSync(`/proc/${server!.pid}/status`, 'utf8');
    expect(/^Uid:\s+(\d+)\s+(\d+)/m.exec(status)?.slice(1)).toEqual([imageUid, imageUid]);
    expect(/^CapEff:\s+(\w+)/m.exec(status)?.[1]).toMatch(/^0+$/);
    // Field 5 of mountinfo is where a mount is seen, field 6 its options: rw or ro.
    const mounts = readFileSync(`/proc/${server!.pid}/mountinfo`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' '));
    expect(mounts.find((fields) => fields[4] === '/')?.[5]).toMatch(/^ro\b/);
    // Writable: the two volumes, and the kernel's /dev and /proc with whatever submounts the host has there.
    const kernel = (path: string) => /^\/(dev|proc)(\/|$)/.test(path);
    const writable = new Set(mounts.filter((fields) => /^rw\b/.test(fields[5]!)).map((fields) => fields[4]!));
    expect([...writable].filter((path) => !kernel(path)).sort()).toEqual(['/data', '/tmp']);
    expect(writable).toContain('/dev/shm');
    // As Docker mounts a tmpfs: no program written there can run.
    expect(mounts.findLast((fields) => fields[4] === '/tmp')?.[5]).toMatch(/\bnoexec\b/);
  });

  it('Word to PDF, OCR PDF, compress, grayscale, PDF to Word and watermark answer 200 with valid files', async () => {
    const word = new Document({
      sections: [{ children: [new Paragraph({ children: [new TextRun('Written in Word, read-only root')] })] }],
    });
    const text = makePdf({
      pages: [
        {
          text: ['Colour page on a read-only root'],
          box: { rgb: [0.9, 0.2, 0.1], x: 72, y: 400, width: 200, height: 100 },
        },
      ],
    });
    const requests: [string, Parameters<typeof multipart>][] = [
      ['word-to-pdf', [[{ name: 'letter.docx', data: await Packer.toBuffer(word) }]]],
      ['ocr-pdf', [[{ name: 'scan.pdf', data: scannedPdf([SCAN_PAGE_LINES[0]]) }]]],
      ['compress-pdf', [[{ name: 'colour.pdf', data: text }]]],
      ['grayscale-pdf', [[{ name: 'colour.pdf', data: text }]]],
      ['pdf-to-word', [[{ name: 'colour.pdf', data: text }]]],
      ['watermark-pdf', [[{ name: 'colour.pdf', data: text }], { text: 'DRAFT' }]],
    ];
    // All at once, as a busy server takes them: the slowest (LibreOffice's first document, OCR) sets the time.
    const answers = await Promise.all(
      requests.map(async ([name, form]) => {
        const { payload, headers } = multipart(...form);
        const response = await fetch(`${origin}/functions/v1/${name}`, { method: 'POST', headers, body: payload });
        return { name, status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
      }),
    );
    for (const answer of answers) {
      expect(answer.status, `${answer.name}: ${answer.bytes.subarray(0, 200).toString('utf8')}`).toBe(200);
      if (answer.name === 'pdf-to-word') {
        const documentXml = Buffer.from(unzipSync(answer.bytes)['word/document.xml']!).toString('utf8');
        expect(documentXml).toContain('Colour page on a read-only root');
        continue;
      }
      const path = join(folder, `${answer.name}.pdf`);
      await writeFile(path, answer.bytes);
      assertValidPdf(path);
      const pageText = pdfPageTexts(path).join('\n');
      if (answer.name === 'word-to-pdf') expect(pageText).toContain('Written in Word, read-only root');
      if (answer.name === 'ocr-pdf') expect(pageText.toLowerCase()).toContain('invoice');
      if (answer.name === 'watermark-pdf') expect(pageText).toContain('DRAFT');
    }
    // The requests' temp folders are gone; the contact database was written through the /data volume.
    await expect.poll(() => readdir(insideServer('/tmp/paperknife'))).toEqual([]);
    expect(await readdir(insideServer('/data'))).toContain('paperknife.sqlite');
    // Bounded, with room for a loaded machine: LibreOffice's first start and OCR run beside the other test files.
  }, 180_000);
});

describe("the Docker image's environment", () => {
  it('starts Node with the memory environment `npm start` gives it (decision 025)', () => {
    const startEnvironment = JSON.parse(
      readFileSync(join(repoRoot, 'scripts/server-memory-environment.json'), 'utf8'),
    ) as Record<string, string>;
    expect(Object.keys(startEnvironment).length).toBeGreaterThan(0);
    expect(imageEnvironment()).toMatchObject(startEnvironment);
  });
});
