import { mkdirSync, symlinkSync } from 'node:fs';
import { open, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { heldBytes, memoryFiles } from '@paperknife/qpdf-jobs/memory-files';
import type { QpdfFile, QpdfRun, QpdfRunResult, QpdfRunner } from '@paperknife/qpdf-jobs/qpdf-runner';
import type { QpdfSession, SourceDocument } from '@paperknife/qpdf-jobs/qpdf-session';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import { runQpdf } from './qpdf.js';

/**
 * The server's QpdfRunner: qpdf as a child process (`runQpdf`: the job's time limit and signal), in a folder of its
 * own inside the job folder. An input on disk is linked there under its name (nothing is copied), an input in
 * memory (a password, a job's JSON) is written there private to the job and deleted after the run; outputs stay
 * there as paths. Every exit code comes back as it is: what it means is the job's (`runChecked`).
 *
 * The folder and links are made synchronously (microseconds each): asynchronous, they would wait in libuv's thread
 * pool behind the reads of the uploads that the preflight starts beside the tool's run, and the run would start
 * late (a rotate of a 186-page upload took 70 ms against 57 ms).
 */
export function qpdfChildRunner(context: ToolContext): QpdfRunner {
  return {
    async run(run: QpdfRun, signal?: AbortSignal): Promise<QpdfRunResult> {
      const folder = tempPath(context, 'qpdf-run', '');
      mkdirSync(folder);
      const placed: string[] = [];
      try {
        for (const [name, file] of run.inputs) {
          const at = join(folder, name);
          placed.push(at);
          if ('path' in file) symlinkSync(resolve(file.path), at);
          else await writeFile(at, await heldBytes(file), { mode: 0o600 });
        }
        const runContext = signal ? { ...context, signal: AbortSignal.any([context.signal, signal]) } : context;
        const result = await runQpdf(run.args, runContext, { okCodes: [0, 2, 3], cwd: folder });
        const outputs = new Map<string, QpdfFile>();
        for (const name of run.outputs) {
          const path = join(folder, name);
          if (await isFile(path)) outputs.set(name, { path });
        }
        return { exitCode: result.code, stdout: result.stdout, stderr: result.stderr, outputs };
      } finally {
        await Promise.all(placed.map((path) => rm(path, { force: true })));
      }
    },
    async read(file, offset, length) {
      if (!('path' in file)) return memoryFiles.read(file, offset, length);
      const handle = await open(file.path, 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    size: async (file) => ('path' in file ? (await stat(file.path)).size : memoryFiles.size(file)),
    async append(file, bytes) {
      if (!('path' in file)) return memoryFiles.append(file, bytes);
      const handle = await open(file.path, 'a');
      try {
        await handle.write(bytes);
      } finally {
        await handle.close();
      }
      return file;
    },
  };
}

/**
 * A session for the server's qpdf runs, which accepts qpdf's warnings: on the uploads `warned` hears of them (the
 * job's outputs are then checked, docs/decisions/115); on the preflight's repaired copies they change nothing.
 */
export function serverSession(context: ToolContext, warned?: (stderr: string) => void): QpdfSession {
  return {
    runner: qpdfChildRunner(context),
    warnings: 'accept',
    signal: context.signal,
    ...(warned ? { warned } : {}),
  };
}

/** A document on disk as the shared jobs take one. */
export function diskDocument(
  source: { path: string } & Pick<SourceDocument, 'opened' | 'outline' | 'declaredPages'>,
): SourceDocument {
  return {
    file: { path: source.path },
    opened: source.opened,
    ...(source.outline ? { outline: source.outline } : {}),
    ...(source.declaredPages ? { declaredPages: source.declaredPages } : {}),
  };
}

/** Where an output of the server's runner is. */
export function diskPath(file: QpdfFile): string {
  if ('path' in file) return file.path;
  throw new Error('The server runner leaves its outputs on disk');
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
