import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { createInterface } from 'node:readline';
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
  /**
   * Standard output kept, in characters (default 64 KB): a program's answer longer than this is cut, so a caller
   * that reads a long listing asks for more and tells a cut one by its length.
   */
  outputLimit?: number;
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
    const outputLimit = options.outputLimit ?? OUTPUT_LIMIT;
    const launch = {
      cwd: options.cwd,
      env: options.env ?? process.env,
      input: options.input !== undefined,
      outputLimit,
    };
    const child = spawner().start(command, args, launch, {
      stdout: (chunk) => {
        if (stdout.length < outputLimit) stdout += chunk;
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
      /** Standard output relayed, in characters; what comes after is dropped. */
      limit: number;
    }
  | { type: 'input'; id: number; text: string };

/** Messages from the spawner process, one program each (`id`). */
type SpawnerMessage =
  | { type: 'pid'; id: number; pid: number }
  | { type: 'stdout' | 'stderr'; id: number; data: string }
  | { type: 'error'; id: number; error: { message: string; code?: string; errno?: number; syscall?: string } }
  | { type: 'close'; id: number; code: number | null; signal: NodeJS.Signals | null };

/**
 * The spawner: a small Python process, started once, that starts programs on request (each in a session of its
 * own, so its own process group) and passes their output and exit back as JSON lines on its standard output; it
 * reads requests as JSON lines on its standard input. Node starts a child by forking, and the fork's time grows
 * with the memory the parent has written (from a process holding 400 MB, 15-17 ms of system time per start);
 * Python's `subprocess` starts one with vfork, which copies nothing: 1-2 ms a start against Node's 4-20 ms, the
 * most when starts come in a burst beside running programs, as a job's runs do (decision 063). Killing stays
 * here, by process group. When this process goes (even by SIGKILL) the spawner's input ends and it kills what it
 * started, then exits. Run by `python3 -c` (LibreOffice's bridge needs python3 too): the same from the TypeScript
 * sources and from the build.
 */
/** Debian's Python (python3 is one of the packages the setup installs), not whichever a PATH finds first. */
const PYTHON = '/usr/bin/python3';

const SPAWNER_SOURCE = String.raw`
import codecs, errno, json, os, selectors, signal, subprocess

READ_SIZE = 65536
selector = selectors.DefaultSelector()
running = {}


def send(message):
    data = (json.dumps(message, ensure_ascii=False) + '\n').encode()
    while data:
        data = data[os.write(1, data):]


def kill_group(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


class Program:
    def __init__(self, id, child, pending, limit):
        self.id, self.child, self.pending, self.limit = id, child, pending, limit
        self.open_streams, self.relayed, self.code = 2, 0, None


def start(request):
    id = request['id']
    command = request['command']
    try:
        child = subprocess.Popen(
            [command, *request['args']], cwd=request['cwd'], env=request['env'],
            stdin=subprocess.PIPE if request['input'] else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    except OSError as error:
        code = errno.errorcode.get(error.errno, 'UNKNOWN')
        send({'type': 'error', 'id': id, 'error': {
            'message': 'spawn %s %s' % (command, code), 'code': code, 'errno': -(error.errno or 0),
            'syscall': 'spawn ' + command}})
        return
    program = Program(id, child, None, request['limit'])
    running[id] = program
    send({'type': 'pid', 'id': id, 'pid': child.pid})
    for stream, name in ((child.stdout, 'stdout'), (child.stderr, 'stderr')):
        os.set_blocking(stream.fileno(), False)
        selector.register(stream, selectors.EVENT_READ, (program, name, codecs.getincrementaldecoder('utf-8')('replace')))
    if child.stdin:
        os.set_blocking(child.stdin.fileno(), False)


def give_input(request):
    program = running.get(request['id'])
    if program is None or program.child.stdin is None or program.pending is not None:
        return
    program.pending = request['text'].encode()
    selector.register(program.child.stdin, selectors.EVENT_WRITE, (program, 'stdin', None))


def write_input(program):
    stdin = program.child.stdin
    try:
        program.pending = program.pending[os.write(stdin.fileno(), program.pending):]
        if program.pending:
            return
    except BlockingIOError:
        return
    except OSError:
        pass  # a program that ends before reading its input closes the pipe: its own outcome
    selector.unregister(stdin)
    stdin.close()


def read_output(stream, program, name, decoder):
    try:
        data = os.read(stream.fileno(), READ_SIZE)
    except BlockingIOError:
        return
    text = decoder.decode(data, final=not data)
    if text and (name == 'stderr' or program.relayed < program.limit):
        send({'type': name, 'id': program.id, 'data': text})
    if name == 'stdout':
        program.relayed += len(text)
    if not data:
        selector.unregister(stream)
        stream.close()
        program.open_streams -= 1
        finish(program)


def finish(program):
    """Told once the program has exited and its output is read to the end, as Node's 'close'."""
    if program.code is None:
        program.code = program.child.poll()
    if program.code is None or program.open_streams > 0:
        return
    del running[program.id]
    if program.child.stdin and program.pending is not None and not program.child.stdin.closed:
        selector.unregister(program.child.stdin)
        program.child.stdin.close()
    code = program.code
    send({'type': 'close', 'id': program.id, 'code': code if code >= 0 else None,
          'signal': signal.Signals(-code).name if code < 0 else None})


def receive(buffer):
    data = os.read(0, READ_SIZE)
    if not data:
        for program in running.values():
            kill_group(program.child.pid)
        os._exit(0)
    buffer += data
    *lines, buffer = buffer.split(b'\n')
    for line in lines:
        request = json.loads(line)
        if request['type'] == 'start':
            start(request)
        else:
            give_input(request)
    return buffer


# SIGCHLD wakes the loop (through the wakeup pipe) to look for programs that ended. The terminal's signals reach
# the server, which decides what happens to jobs; a handler, not SIG_IGN, so the programs get the default back.
wake_read, wake_write = os.pipe()
os.set_blocking(wake_read, False)
os.set_blocking(wake_write, False)
signal.set_wakeup_fd(wake_write)
for number in (signal.SIGCHLD, signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(number, lambda *_: None)
selector.register(0, selectors.EVENT_READ, 'requests')
selector.register(wake_read, selectors.EVENT_READ, 'ended')
buffer = b''
while True:
    for key, _ in selector.select():
        if key.data == 'requests':
            buffer = receive(buffer)
        elif key.data == 'ended':
            try:
                os.read(wake_read, 4096)
            except BlockingIOError:
                pass
            for program in list(running.values()):
                finish(program)
        else:
            program, name, decoder = key.data
            if name == 'stdin':
                write_input(program)
            else:
                read_output(key.fileobj, program, name, decoder)
`;

interface Tracked {
  events: ChildEvents;
  pid?: number;
  killWanted: boolean;
}

class Spawner {
  private readonly process: ChildProcess;
  private readonly requests: Socket;
  private readonly replies: Socket;
  private readonly programs = new Map<number, Tracked>();
  private nextId = 1;
  private gone: string | undefined;

  constructor(onGone: () => void) {
    const env = { ...process.env };
    delete env['NODE_OPTIONS']; // a loader the tests or the host add is not needed to start programs
    this.process = spawn(PYTHON, ['-c', SPAWNER_SOURCE], {
      env,
      stdio: ['pipe', 'pipe', 'inherit'],
      // Its own process group: a terminal's Ctrl-C reaches this process, which decides what happens to jobs.
      detached: true,
    });
    this.requests = this.process.stdin as Socket;
    this.replies = this.process.stdout as Socket;
    // A spawner that ended mid-request: its 'close' below fails what it owed.
    this.requests.on('error', () => undefined);
    createInterface({ input: this.replies, crlfDelay: Infinity }).on('line', (line) =>
      this.receive(JSON.parse(line) as SpawnerMessage),
    );
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
    // 'close', not 'exit': it comes after the lines the spawner wrote before it ended, so the pid of a program it
    // had just started is known, and that program's group can be killed.
    this.process.on('close', (code, signal) => fail(`ended (${signal ?? code})`));
    this.idle();
  }

  start(
    command: string,
    args: readonly string[],
    { cwd, env, input, outputLimit }: { cwd: string; env: NodeJS.ProcessEnv; input: boolean; outputLimit: number },
    events: ChildEvents,
  ): StartedProgram {
    const id = this.nextId++;
    const program: Tracked = { events, killWanted: false };
    if (this.gone) {
      queueMicrotask(() => events.error(new Error(this.gone)));
    } else {
      if (this.programs.size === 0) this.busy();
      this.programs.set(id, program);
      this.send({ type: 'start', id, command, args, cwd, env, input, limit: outputLimit });
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
    this.requests.write(`${JSON.stringify(request)}\n`);
  }

  private forget(id: number): void {
    this.programs.delete(id);
    if (this.programs.size === 0) this.idle();
  }

  /** With nothing running, the spawner does not keep this process alive. */
  private idle(): void {
    this.process.unref();
    this.requests.unref();
    this.replies.unref();
  }

  private busy(): void {
    this.process.ref();
    this.requests.ref();
    this.replies.ref();
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
