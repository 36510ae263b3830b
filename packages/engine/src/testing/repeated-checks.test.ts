import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolError } from '@paperknife/catalog/errors';
import * as realModule from '../programs/run-process.js';
import type { ProcessOptions, ProcessResult } from '../programs/run-process.js';
import { answeringRepeatedChecks } from './repeated-checks.js';

const dir = mkdtempSync(join(tmpdir(), 'repeated-checks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** A stand-in for runProcess that records its runs and answers like `qpdf --check` naming its file. */
function recordingRun(code = 0) {
  const runs: string[][] = [];
  const run = async (command: string, args: readonly string[], options: ProcessOptions): Promise<ProcessResult> => {
    runs.push([command, ...args]);
    const result = { code, stdout: `checking ${args.at(-1)}\n`, stderr: code ? `WARNING: ${args.at(-1)}: bad\n` : '' };
    if ((options.okCodes ?? [0]).includes(code)) return result;
    throw new realModule.ProcessFailure(command, code, result.stderr, result.stdout);
  };
  return { runs, run };
}

const options = (signal = new AbortController().signal): ProcessOptions => ({ cwd: dir, signal, timeoutMs: 1000 });

describe('answeringRepeatedChecks', () => {
  it('checks the same bytes once, and answers a copy elsewhere with its own path', async () => {
    const { runs, run } = recordingRun();
    const runProcess = answeringRepeatedChecks({ ...realModule, runProcess: run });
    const first = file('a.pdf', 'same bytes');
    const copy = file('b.pdf', 'same bytes');
    expect((await runProcess('qpdf', ['--check', first], options())).stdout).toBe(`checking ${first}\n`);
    expect((await runProcess('qpdf', ['--check', copy], options())).stdout).toBe(`checking ${copy}\n`);
    expect(runs).toHaveLength(1);
  });

  it('answers a copy to /dev/null the same way: it writes nothing either', async () => {
    const { runs, run } = recordingRun();
    const runProcess = answeringRepeatedChecks({ ...realModule, runProcess: run });
    const args = (path: string) => ['--decode-level=specialized', path, '/dev/null'];
    await runProcess('qpdf', args(file('i.pdf', 'copied')), options());
    await runProcess('qpdf', args(file('j.pdf', 'copied')), options());
    expect(runs).toHaveLength(1);
  });

  it('runs again for other bytes, other arguments, and anything that is not a check', async () => {
    const { runs, run } = recordingRun();
    const runProcess = answeringRepeatedChecks({ ...realModule, runProcess: run });
    const one = file('c.pdf', 'one');
    await runProcess('qpdf', ['--check', one], options());
    await runProcess('qpdf', ['--check', file('d.pdf', 'two')], options());
    await runProcess('qpdf', ['--check', '--password=x', one], options());
    await runProcess('qpdf', [one, join(dir, 'out.pdf')], options());
    await runProcess('qpdf', [one, join(dir, 'out.pdf')], options());
    expect(runs).toHaveLength(5);
  });

  it("applies each caller's own exit codes to the answer", async () => {
    const { runs, run } = recordingRun(3);
    const runProcess = answeringRepeatedChecks({ ...realModule, runProcess: run });
    const path = file('e.pdf', 'warned');
    const copy = file('f.pdf', 'warned');
    expect((await runProcess('qpdf', ['--check', path], { ...options(), okCodes: [0, 3] })).code).toBe(3);
    const failure = await runProcess('qpdf', ['--check', copy], options()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(realModule.ProcessFailure);
    expect((failure as realModule.ProcessFailure).stderr).toBe(`WARNING: ${copy}: bad\n`);
    expect(runs).toHaveLength(1);
  });

  it('runs a check again when its first run was stopped by its job', async () => {
    const runs: string[] = [];
    const runProcess = answeringRepeatedChecks({
      ...realModule,
      runProcess: (_command, args, { signal }) => {
        runs.push(args.at(-1)!);
        if (runs.length > 1) return Promise.resolve({ code: 0, stdout: '', stderr: '' });
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      },
    });
    const path = file('g.pdf', 'slow');
    const stopped = new AbortController();
    const first = runProcess('qpdf', ['--check', path], options(stopped.signal));
    await expect.poll(() => runs.length).toBe(1);
    const second = runProcess('qpdf', ['--check', file('h.pdf', 'slow')], options());
    stopped.abort(new ToolError('processing_timeout'));
    await expect(first).rejects.toThrow(ToolError);
    expect((await second).code).toBe(0);
    expect(runs).toHaveLength(2);
  });
});
