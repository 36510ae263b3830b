import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '@paperknife/catalog/errors';
import { ProcessFailure, type ProcessOptions, runProcess, warmProcessSpawner } from './run-process.js';
import { toolErrorCode } from '../testing/test-job.js';

// Runs isolated: the first test needs a process whose spawner no earlier test file has started.
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'paperknife-run-process-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function options(extra: Partial<ProcessOptions> = {}): ProcessOptions {
  return { cwd: folder, signal: new AbortController().signal, timeoutMs: 10_000, ...extra };
}

/** Whether a process still runs (a zombie waiting for its parent to reap it does not). */
function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

async function readPid(path: string): Promise<number> {
  await until(() => existsSync(path) && readFileSync(path, 'utf8').endsWith('\n'));
  return Number(await readFile(path, 'utf8'));
}

/** The spawner processes this process started (`python3 -c` with the spawner's source). */
function spawnerPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === process.pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes("'pid'");
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('runProcess', () => {
  it('starts its spawner when warmed, before any program, once', () => {
    expect(spawnerPids()).toEqual([]);
    warmProcessSpawner();
    warmProcessSpawner();
    expect(spawnerPids().length).toBe(1);
  });

  it('returns standard output and error, in the given folder with the given environment', async () => {
    const result = await runProcess('sh', ['-c', 'pwd; echo "$PAPERKNIFE_PROBE"; echo warning >&2'], {
      ...options(),
      env: { ...process.env, PAPERKNIFE_PROBE: 'ünïcode ✓' },
    });
    expect(result).toEqual({ code: 0, stdout: `${folder}\nünïcode ✓\n`, stderr: 'warning\n' });
  });

  it('tells each piece of standard error as it comes', async () => {
    // The program waits for a file that only the first piece's listener makes: it ends only if told in time.
    const heard = join(folder, 'heard');
    const pieces: string[] = [];
    const { stderr } = await runProcess(
      'sh',
      ['-c', `echo one >&2; until [ -e ${heard} ]; do sleep 0.02; done; echo two >&2`],
      options({
        timeoutMs: 20_000,
        onStderr: (chunk) => {
          pieces.push(chunk);
          if (chunk.includes('one')) writeFileSync(heard, '');
        },
      }),
    );
    expect(pieces.join('')).toBe('one\ntwo\n');
    expect(stderr).toBe('one\ntwo\n');
  });

  it('fails with the exit code and output unless the code is allowed', async () => {
    const failure = await runProcess('sh', ['-c', 'echo out; echo err >&2; exit 3'], options()).catch((e) => e);
    expect(failure).toBeInstanceOf(ProcessFailure);
    expect(failure).toMatchObject({ command: 'sh', code: 3, stdout: 'out\n', stderr: 'err\n' });
    expect((await runProcess('sh', ['-c', 'exit 3'], options({ okCodes: [0, 3] }))).code).toBe(3);
  });

  it('keeps about the first 64 KB of a long output', async () => {
    const { stdout } = await runProcess('sh', ['-c', 'head -c 3000000 /dev/zero | tr "\\0" x'], options());
    expect(stdout.length).toBeGreaterThanOrEqual(64 * 1024);
    expect(stdout.length).toBeLessThan(64 * 1024 + 256 * 1024);
    expect(stdout).toMatch(/^x+$/);
    const longer = await runProcess('sh', ['-c', 'head -c 3000000 /dev/zero | tr "\\0" x'], {
      ...options(),
      outputLimit: 1024 * 1024,
    });
    expect(longer.stdout.length).toBeGreaterThanOrEqual(1024 * 1024);
    expect(longer.stdout.length).toBeLessThan(1024 * 1024 + 256 * 1024);
  });

  it('rejects with the system error when the program does not exist', async () => {
    const error = await runProcess('paperknife-no-such-program', [], options()).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 'ENOENT' });
  });

  it('kills the whole process group when the time is up', async () => {
    const pidFile = join(folder, 'timeout.pid');
    const started = Date.now();
    // Long enough for the shell to write the pid on a loaded machine, far shorter than the sleep.
    const run = runProcess('sh', ['-c', `sleep 30 & echo $! > ${pidFile}; wait`], options({ timeoutMs: 3000 }));
    expect(await toolErrorCode(run)).toBe('processing_timeout');
    expect(Date.now() - started).toBeLessThan(20_000);
    const grandchild = await readPid(pidFile);
    expect(await until(() => !alive(grandchild))).toBe(true);
  });

  it('kills the process group on abort and ends with the signal reason', async () => {
    const pidFile = join(folder, 'abort.pid');
    const controller = new AbortController();
    const run = runProcess('sh', ['-c', `sleep 30 & echo $! > ${pidFile}; wait`], {
      ...options(),
      signal: controller.signal,
    });
    const grandchild = await readPid(pidFile);
    controller.abort(new ToolError('busy'));
    expect(await toolErrorCode(run)).toBe('busy');
    expect(await until(() => !alive(grandchild))).toBe(true);
  });

  it('starts a program before its input is known, and writes the input once it is', async () => {
    const pidFile = join(folder, 'input.pid');
    let give!: (text: string) => void;
    const input = new Promise<string>((resolve) => {
      give = resolve;
    });
    const run = runProcess('sh', ['-c', `echo $$ > ${pidFile}; cat`], options({ input }));
    // The program is running (it wrote its pid) while its input is still pending.
    expect(alive(await readPid(pidFile))).toBe(true);
    give('chosen later\n');
    expect((await run).stdout).toBe('chosen later\n');
    // Without `input`, standard input is empty: cat ends at once.
    expect((await runProcess('cat', [], options())).stdout).toBe('');
  });

  it('kills a program whose input cannot be given, ending with the reason', async () => {
    const pidFile = join(folder, 'no-input.pid');
    let refuse!: (error: Error) => void;
    const input = new Promise<string>((_, reject) => {
      refuse = reject;
    });
    const run = runProcess('sh', ['-c', `echo $$ > ${pidFile}; cat`], options({ input }));
    const pid = await readPid(pidFile);
    refuse(new ToolError('busy'));
    expect(await toolErrorCode(run)).toBe('busy');
    expect(await until(() => !alive(pid))).toBe(true);
  });

  it('starts nothing when the job is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new ToolError('busy'));
    const marker = join(folder, 'never');
    const run = runProcess('touch', [marker], { ...options(), signal: controller.signal });
    expect(await toolErrorCode(run)).toBe('busy');
    expect(existsSync(marker)).toBe(false);
  });

  it('runs many programs at once, each with its own output', async () => {
    const runs = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        runProcess('sh', ['-c', `echo ${i}; exit $((${i} % 2))`], options({ okCodes: [0, 1] })),
      ),
    );
    expect(runs.map((run) => run.stdout)).toEqual(Array.from({ length: 40 }, (_, i) => `${i}\n`));
    expect(runs.map((run) => run.code)).toEqual(Array.from({ length: 40 }, (_, i) => i % 2));
  });

  it('fails the runs of a spawner that ended, kills their programs, and starts a new spawner', async () => {
    const pidFile = join(folder, 'orphan.pid');
    const run = runProcess('sh', ['-c', `sleep 30 & echo $! > ${pidFile}; wait`], options());
    const grandchild = await readPid(pidFile);
    const spawners = spawnerPids();
    expect(spawners.length).toBe(1);
    process.kill(spawners[0]!, 'SIGKILL');
    const error = await run.catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toContain('spawner ended');
    expect(await until(() => !alive(grandchild))).toBe(true);
    expect((await runProcess('echo', ['again'], options())).stdout).toBe('again\n');
    expect(spawnerPids()).not.toContain(spawners[0]);
  });
});

describe('runProcess in a process of its own', () => {
  /** Runs a script that imports runProcess in a Node process from the sources; returns its pid and exit. */
  async function script(name: string, source: string) {
    const path = join(folder, name);
    await writeFile(
      path,
      `import { runProcess } from ${JSON.stringify(new URL('./run-process.ts', import.meta.url).href)};\n${source}`,
    );
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', path], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, exited };
  }

  it('does not keep the process alive once its programs have ended', async () => {
    const { child, exited } = await script(
      'idle.mts',
      `const { stdout } = await runProcess('echo', ['done'], { cwd: '/', signal: new AbortController().signal, timeoutMs: 10_000 });\nif (stdout !== 'done\\n') process.exit(2);`,
    );
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000)),
    ]);
    child.kill('SIGKILL');
    expect(code).toBe(0);
  });

  it('kills what it started when the process that asked is killed', async () => {
    const pidFile = join(folder, 'parent-killed.pid');
    const { child, exited } = await script(
      'killed.mts',
      `await runProcess('sh', ['-c', 'sleep 30 & echo $! > ${pidFile}; wait'], { cwd: '/', signal: new AbortController().signal, timeoutMs: 60_000 });`,
    );
    const grandchild = await readPid(pidFile);
    expect(alive(grandchild)).toBe(true);
    child.kill('SIGKILL');
    await exited;
    expect(await until(() => !alive(grandchild))).toBe(true);
  });
});
