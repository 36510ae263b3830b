import { spawn } from 'node:child_process';

/** What `timedRun` measured of a command: whether it exited 0, its output, wall seconds and peak RSS. */
export interface TimedRun {
  ok: boolean;
  output: string;
  seconds: number;
  peakMb: number;
}

/** Runs a command under /usr/bin/time: wall seconds and the peak RSS of it and its children. */
export function timedRun(command: string, args: string[]): Promise<TimedRun> {
  return new Promise((resolve) => {
    const child = spawn('/usr/bin/time', ['-f', 'TIME %e %M', command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      const match = /TIME ([\d.]+) (\d+)/.exec(output);
      resolve({
        ok: code === 0,
        output,
        seconds: match ? Number(match[1]) : NaN,
        peakMb: match ? Number(match[2]) / 1024 : NaN,
      });
    });
  });
}

/** Word-sequence similarity: 1 - the word-level edit distance over the longer length (1 for two empty texts). */
export function wordSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  let previous = new Uint32Array(b.length + 1).map((_, index) => index);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    [previous, current] = [current, previous];
  }
  return 1 - previous[b.length]! / Math.max(a.length, b.length);
}
