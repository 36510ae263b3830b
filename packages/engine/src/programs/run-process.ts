import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { ToolError } from '@paperknife/catalog/errors';

export interface ProcessOptions {
  cwd: string;
  signal: AbortSignal;
  timeoutMs: number;
  /** Exit codes that count as success (qpdf uses 3 for "succeeded with warnings"). */
  okCodes?: readonly number[];
  env?: NodeJS.ProcessEnv;
  /** Told each piece of standard error as it arrives (OCRmyPDF's per-page log, for progress). */
  onStderr?: (chunk: string) => void;
  /**
   * The program's standard input, written and closed once it resolves: the program starts (and sets itself up)
   * before its input is known. Without it, standard input is empty. If it rejects, the program is killed.
   */
  input?: Promise<string>;
}

export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

const OUTPUT_LIMIT = 64 * 1024;

/** Thrown when a program exits with a code not in `okCodes`. Holds engine output: never show it to users. */
export class ProcessFailure extends Error {
  constructor(
    readonly command: string,
    readonly code: number,
    readonly stderr: string,
    readonly stdout: string,
  ) {
    super(`${command} exited with ${code}`);
    this.name = 'ProcessFailure';
  }
}

/**
 * Runs a program with an argument array (never a shell), a time limit and the job's abort signal.
 * The whole process group is killed on timeout or abort, so no child outlives its job.
 * The program is started by the spawner process (below), not by this one.
 */
export function runProcess(command: string, args: readonly string[], options: ProcessOptions): Promise<ProcessResult> {
  const okCodes = options.okCodes ?? [0];
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) {
      reject(abortError(options.signal));
      return;
    }
    let stdout = '';
    let stderr = '';
    let ended: Error | undefined;
    let finished = false;
    const done = () => {
      finished = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
    };
    const child = spawner().start(command, args, options.cwd, options.env ?? process.env, options.input !== undefined, {
      stdout: (chunk) => {
        if (stdout.length < OUTPUT_LIMIT) stdout += chunk;
      },
      stderr: (chunk) => {
        if (stderr.length < OUTPUT_LIMIT) stderr += chunk;
        options.onStderr?.(chunk);
      },
      error: (error) => {
        done();
        reject(error);
      },
      close: (code, signalName) => {
        done();
        if (ended) reject(ended);
        else if (code !== null && okCodes.includes(code)) resolve({ code, stdout, stderr });
        else reject(new ProcessFailure(command, code ?? (signalName ? 128 : -1), stderr, stdout));
      },
    });
    const kill = (reason: Error) => {
      ended ??= reason;
      child.kill();
    };
    const timer = setTimeout(() => kill(new ToolError('processing_timeout')), options.timeoutMs);
    const onAbort = () => kill(abortError(options.signal));
    options.signal.addEventListener('abort', onAbort, { once: true });
    // An input settling after the program ended is passed over: its pid may belong to another program by then.
    options.input?.then(
      (text) => {
        if (!finished) child.write(text);
      },
      (error: unknown) => {
        if (!finished) kill(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The error a job ends with when its signal fires: the reason if it is a ToolError, else a timeout. */
export function abortError(signal: AbortSignal): ToolError {
  return signal.reason instanceof ToolError ? signal.reason : new ToolError('processing_timeout');
}

/** What a started program reports, in order: output as it comes, then `close` (or `error` if it never ran). */
interface ChildEvents {
  stdout: (chunk: string) => void;
  stderr: (chunk: string) => void;
  error: (error: Error) => void;
  close: (code: number | null, signal: NodeJS.Signals | null) => void;
}

/** A program started by the spawner. */
interface StartedProgram {
  /** SIGKILLs the program's process group, now or as soon as its pid is known. */
  kill(): void;
  /** Writes `text` to the program's standard input (started as a pipe) and closes it. */
  write(text: string): void;
}

/** Messages to the spawner process: start a program, or write its standard input and close it. */
type SpawnerRequest =
  | {
      type: 'start';
      id: number;
      command: string;
      args: readonly string[];
      cwd: string;
      env: NodeJS.ProcessEnv;
      input: boolean;
    }
  | { type: 'input'; id: number; text: string };

/** Messages from the spawner process, one program each (`id`). */
type SpawnerMessage =
  | { type: 'pid'; id: number; pid: number }
  | { type: 'stdout' | 'stderr'; id: number; data: string }
  | { type: 'error'; id: number; error: { message: string; code?: string; errno?: number; syscall?: string } }
  | { type: 'close'; id: number; code: number | null; signal: NodeJS.Signals | null };

/**
 * The spawner: a small Node process, started once, that starts programs on request (`detached`, so each is its own
 * process group) and passes their output and exit back over its IPC channel. Node starts a child by forking, and
 * the fork's system time grows with the memory the parent has written: from a process holding 400 MB a start cost
 * 15-17 ms of system time here, through the spawner 0.2 ms (decision 063). Killing stays here, by process group.
 * When this process goes (even by SIGKILL) the channel closes and the spawner kills what it started, then exits.
 * Plain JavaScript run by `node -e`: the same from the TypeScript sources and from the build.
 */
const SPAWNER_SOURCE = `
const { spawn } = require('node:child_process');
const limit = ${OUTPUT_LIMIT};
const running = new Map();
const send = (message) => process.connected && process.send(message);
const describe = (error) => ({ message: error.message, code: error.code, errno: error.errno, syscall: error.syscall });
for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(name, () => {});
process.on('disconnect', () => {
  for (const pid of running.values()) try { process.kill(-pid, 'SIGKILL'); } catch {}
  process.exit(0);
});
const inputs = new Map();
process.on('message', (request) => {
  const { id } = request;
  if (request.type === 'input') {
    const stdin = inputs.get(id);
    inputs.delete(id);
    stdin?.end(request.text);
    return;
  }
  const { command, args, cwd, env, input } = request;
  let child;
  try {
    child = spawn(command, args, { cwd, env, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'], detached: true });
  } catch (error) {
    send({ type: 'error', id, error: describe(error) });
    return;
  }
  if (child.pid !== undefined) {
    running.set(id, child.pid);
    send({ type: 'pid', id, pid: child.pid });
  }
  if (input) {
    // A program that ends before reading its input closes the pipe: that is its own outcome, not the spawner's.
    child.stdin.on('error', () => {});
    inputs.set(id, child.stdin);
  }
  let relayed = 0;
  child.stdout.setEncoding('utf8').on('data', (data) => {
    if (relayed < limit) send({ type: 'stdout', id, data });
    relayed += data.length;
  });
  child.stderr.setEncoding('utf8').on('data', (data) => send({ type: 'stderr', id, data }));
  child.on('error', (error) => send({ type: 'error', id, error: describe(error) }));
  child.on('close', (code, signal) => {
    running.delete(id);
    inputs.delete(id);
    send({ type: 'close', id, code, signal });
  });
});
`;

interface Tracked {
  events: ChildEvents;
  pid?: number;
  killWanted: boolean;
}

class Spawner {
  private readonly process: ChildProcess;
  private readonly programs = new Map<number, Tracked>();
  private nextId = 1;
  private gone: string | undefined;

  constructor(onGone: () => void) {
    const env = { ...process.env };
    delete env['NODE_OPTIONS']; // a loader the tests or the host add is not needed to start programs
    this.process = spawn(process.execPath, ['-e', SPAWNER_SOURCE], {
      env,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      // Its own process group: a terminal's Ctrl-C reaches this process, which decides what happens to jobs.
      detached: true,
    });
    this.process.on('message', (message: SpawnerMessage) => this.receive(message));
    const fail = (reason: string) => {
      if (this.gone) return;
      this.gone = `the process spawner ${reason}`;
      onGone();
      for (const [id, program] of this.programs) {
        this.programs.delete(id);
        killGroup(program.pid); // it could not: a spawner ended by SIGKILL leaves its programs running
        program.events.error(new Error(this.gone));
      }
    };
    this.process.on('error', (error) => fail(`could not start: ${error.message}`));
    // 'close', not 'exit': it comes after the messages the spawner sent before it ended, so the pid of a program it
    // had just started is known, and that program's group can be killed.
    this.process.on('close', (code, signal) => fail(`ended (${signal ?? code})`));
    this.idle();
  }

  start(
    command: string,
    args: readonly string[],
    cwd: string,
    env: NodeJS.ProcessEnv,
    input: boolean,
    events: ChildEvents,
  ): StartedProgram {
    const id = this.nextId++;
    const program: Tracked = { events, killWanted: false };
    if (this.gone) {
      queueMicrotask(() => events.error(new Error(this.gone)));
    } else {
      if (this.programs.size === 0) this.busy();
      this.programs.set(id, program);
      this.send({ type: 'start', id, command, args, cwd, env, input });
    }
    return {
      kill: () => {
        program.killWanted = true;
        killGroup(program.pid);
      },
      write: (text) => {
        if (this.programs.has(id)) this.send({ type: 'input', id, text });
      },
    };
  }

  private receive(message: SpawnerMessage): void {
    const program = this.programs.get(message.id);
    if (!program) return;
    switch (message.type) {
      case 'pid':
        program.pid = message.pid;
        if (program.killWanted) killGroup(program.pid);
        break;
      case 'stdout':
        program.events.stdout(message.data);
        break;
      case 'stderr':
        program.events.stderr(message.data);
        break;
      case 'error':
        this.forget(message.id);
        program.events.error(Object.assign(new Error(message.error.message), message.error));
        break;
      case 'close':
        this.forget(message.id);
        // The program closes when its own process ends, but a killed group may still hold children the SIGKILL has
        // not yet ended (OCRmyPDF's tesseract runs, on a loaded machine): a killed program's close waits for its
        // whole group, so a cancelled job leaves nothing running.
        if (program.killWanted) {
          void untilGroupGone(program.pid).then(() => program.events.close(message.code, message.signal));
        } else {
          program.events.close(message.code, message.signal);
        }
        break;
    }
  }

  private send(request: SpawnerRequest): void {
    this.process.send(request);
  }

  private forget(id: number): void {
    this.programs.delete(id);
    if (this.programs.size === 0) this.idle();
  }

  /** With nothing running, the spawner does not keep this process alive. */
  private idle(): void {
    this.process.unref();
    this.process.channel?.unref();
  }

  private busy(): void {
    this.process.ref();
    this.process.channel?.ref();
  }
}

/** How long a killed group may take to be gone, and how often it is looked at meanwhile. */
const GROUP_GONE_LIMIT_MS = 5_000;
const GROUP_GONE_POLL_MS = 10;

/**
 * Resolves once no process of the group runs any more (or after GROUP_GONE_LIMIT_MS), killing it again meanwhile.
 * A killed child whose parent died first is a zombie until whoever adopted it reaps it: where that is a container's
 * first process that never reaps (a server run as PID 1), it would stay forever. Zombies run nothing: they do not
 * count.
 */
async function untilGroupGone(pid: number | undefined): Promise<void> {
  if (pid === undefined) return;
  const until = Date.now() + GROUP_GONE_LIMIT_MS;
  while (Date.now() < until && (await groupRuns(pid))) {
    killGroup(pid);
    await new Promise((resolve) => setTimeout(resolve, GROUP_GONE_POLL_MS));
  }
}

/** Whether a process of group `pgid` is alive and not a zombie (from /proc; without it, any process counts). */
async function groupRuns(pgid: number): Promise<boolean> {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false; // no process in the group at all
  }
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    // "pid (comm) state ppid pgrp ...": the command name may hold spaces and parentheses, so read from its end.
    const stat = await readFile(`/proc/${entry}/stat`, 'latin1').catch(() => '');
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(group) === pgid && state !== 'Z') return true;
  }
  return false;
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

let current: Spawner | undefined;

/**
 * Starts the spawner ahead of the first program (the server calls this at start-up, beside LibreOffice), so it is
 * not a new process of the first job's. Idle, it does not keep this process alive.
 */
export function warmProcessSpawner(): void {
  spawner();
}

/** The spawner, started on first use and again after one has ended. */
function spawner(): Spawner {
  current ??= new Spawner(() => {
    current = undefined;
  });
  return current;
}
