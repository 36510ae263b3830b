import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceToolId } from '@paperknife/qpdf-jobs/qpdf-jobs';
import type { QpdfFile, QpdfRunner } from '@paperknife/qpdf-jobs/qpdf-runner';
import { runFromSources } from '../from-sources.js';

/**
 * Device equivalence: `npm run device-equivalence --workspace bench` (or
 * `node --import tsx bench/device/equivalence.ts [--only=name,...]`).
 *
 * Every corpus PDF (../shared/corpus/pdf and broken/) through each of the eight device tools twice: on the server's
 * qpdf as a child process and on qpdf compiled to WebAssembly (in Node), both through the same job functions
 * (`runQpdfJob`). An output pair is `identical` when every file's bytes are the same (Protect's after decryption
 * with the password, its /ID aside, as its salts and ID are random); `differs` says how: `same objects` when both rewritten by qpdf as
 * QDF (decrypted, deterministic ID) are equal, else how many QDF lines differ. Refusals must carry the same code.
 * Prints one row per file and tool, then a summary per tool; asserts nothing.
 */

runFromSources(import.meta.url);

const { ToolError } = await import('@paperknife/catalog/errors');
const { parseToolOptions } = await import('@paperknife/catalog/tool-options');
const { corpusDir, corpusPasswords, corpusPdfFiles, corpusPresent } = await import('@paperknife/engine/testing/corpus');
const { makePdf } = await import('@paperknife/engine/testing/make-pdf');
const { runQpdfJob } = await import('@paperknife/qpdf-jobs/qpdf-jobs');
const { onlyArgument, requirePrograms } = await import('../engine/measure.js');
const { table } = await import('../table.js');
const { bytesOf, nativeRunner, wasmRunner } = await import('./runners.js');

requirePrograms(['qpdf']);
if (!corpusPresent()) {
  console.error(`No corpus at ${corpusDir}: nothing to compare.`);
  process.exit(2);
}

const PROTECT_PASSWORD = 'bench-password';
const companion = makePdf({ pageCount: 2 });

/** Each tool's options on the benchmark, and the files it takes besides the corpus file. */
const cases: { tool: DeviceToolId; raw: (name: string) => Record<string, string>; withCompanion?: true }[] = [
  { tool: 'merge-pdf', raw: () => ({}), withCompanion: true },
  { tool: 'split-pdf', raw: () => ({ mode: 'every', every: '5' }) },
  { tool: 'rotate-pdf', raw: () => ({ angle: '90', pages: '1' }) },
  { tool: 'extract-pages', raw: () => ({ pages: '1' }) },
  { tool: 'delete-pages', raw: () => ({ pages: '1' }) },
  { tool: 'organize-pdf', raw: () => ({ order: '1r90,blank,1-' }) },
  { tool: 'protect-pdf', raw: () => ({ userPassword: PROTECT_PASSWORD }) },
  { tool: 'unlock-pdf', raw: (name) => ({ password: corpusPasswords[name] ?? '' }) },
];

type Outcome = { error: string } | { files: { name: string; bytes: Uint8Array }[] };

async function runOn(
  runner: QpdfRunner,
  tool: DeviceToolId,
  inputs: { name: string; file: QpdfFile }[],
  options: unknown,
): Promise<{ outcome: Outcome; ms: number }> {
  const start = performance.now();
  try {
    const result = await runQpdfJob(tool, inputs, options as never, runner);
    const files = await Promise.all(
      result.files.map(async (file) => ({ name: file.name, bytes: await bytesOf(file.file) })),
    );
    return { outcome: { files }, ms: performance.now() - start };
  } catch (error) {
    const code = error instanceof ToolError ? error.code : `crash: ${String(error).slice(0, 60)}`;
    return { outcome: { error: code }, ms: performance.now() - start };
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'paperknife-device-equivalence-'));

/** qpdf's QDF of a PDF (decrypted, deterministic ID): its objects one per line, comparable across writers. */
function qdf(bytes: Uint8Array, password?: string): string {
  const input = join(scratch, 'in.pdf');
  writeFileSync(input, bytes);
  const args = [...(password ? [`--password=${password}`] : []), '--qdf', '--object-streams=disable'];
  const run = spawnSync('qpdf', [...args, '--decrypt', '--deterministic-id', input, '-'], {
    maxBuffer: 1024 * 1024 * 1024,
    encoding: 'latin1',
  });
  return run.stdout;
}

/** How two outcomes compare, in a few words. */
function compare(tool: DeviceToolId, native: Outcome, device: Outcome): { verdict: string; kind: Kind } {
  if ('error' in native || 'error' in device) {
    const [a, b] = ['error' in native ? native.error : 'done', 'error' in device ? device.error : 'done'];
    return a === b ? { verdict: `both refuse: ${a}`, kind: 'refused' } : { verdict: `${a} vs ${b}`, kind: 'mismatch' };
  }
  if (native.files.length !== device.files.length) {
    return { verdict: `${native.files.length} vs ${device.files.length} files`, kind: 'mismatch' };
  }
  const password = tool === 'protect-pdf' ? PROTECT_PASSWORD : undefined;
  let sameObjects = 0;
  let lines = 0;
  for (const [index, file] of native.files.entries()) {
    const other = device.files[index]!;
    if (file.name !== other.name) return { verdict: `names ${file.name} vs ${other.name}`, kind: 'mismatch' };
    if (!password && Buffer.from(file.bytes).equals(other.bytes)) continue;
    // Protect's /ID is random where the input has none, and decryption keeps its first half.
    const comparable = (text: string) => (password ? text.replace(/^ {2}\/ID \[<\w+><\w+>\]$/m, '') : text);
    const [a, b] = [comparable(qdf(file.bytes, password)), comparable(qdf(other.bytes, password))];
    if (password && a === b) continue;
    if (a === b) sameObjects++;
    else lines += diffLines(a, b);
  }
  if (sameObjects === 0 && lines === 0) return { verdict: 'identical', kind: 'identical' };
  if (lines === 0) return { verdict: 'differs: same objects', kind: 'differs' };
  return { verdict: `differs: ${lines} QDF lines`, kind: 'differs' };
}

/** Lines of one text not in the other, either way (a multiset difference: cheap and order-blind). */
function diffLines(a: string, b: string): number {
  const counts = new Map<string, number>();
  for (const line of a.split('\n')) counts.set(line, (counts.get(line) ?? 0) + 1);
  for (const line of b.split('\n')) counts.set(line, (counts.get(line) ?? 0) - 1);
  let differing = 0;
  for (const count of counts.values()) differing += Math.abs(count);
  return differing;
}

type Kind = 'identical' | 'differs' | 'refused' | 'mismatch';

const only = onlyArgument();
const files = corpusPdfFiles(only);

const wasm = wasmRunner();
const rows: string[][] = [];
const totals = new Map<DeviceToolId, Record<Kind, number> & { nativeMs: number; wasmMs: number }>();
for (const file of files) {
  const bytes = new Uint8Array(readFileSync(file.path));
  for (const { tool, raw, withCompanion } of cases) {
    const options = parseToolOptions(tool, raw(file.name));
    const native = await nativeRunner();
    const onDisk = [{ name: file.name, file: { path: file.path } }];
    const inMemory = [{ name: file.name, file: { bytes } }];
    if (withCompanion) {
      const path = join(scratch, 'companion.pdf');
      writeFileSync(path, companion);
      onDisk.push({ name: 'companion.pdf', file: { path } });
      inMemory.push({ name: 'companion.pdf', file: { bytes: new Uint8Array(companion) } });
    }
    const fromNative = await runOn(native.runner, tool, onDisk, options);
    const fromWasm = await runOn(wasm, tool, inMemory, options);
    const { verdict, kind } = compare(tool, fromNative.outcome, fromWasm.outcome);
    await native.done();
    rows.push([file.name, tool, verdict, `${Math.round(fromNative.ms)} ms`, `${Math.round(fromWasm.ms)} ms`]);
    const total = totals.get(tool) ?? { identical: 0, differs: 0, refused: 0, mismatch: 0, nativeMs: 0, wasmMs: 0 };
    total[kind]++;
    total.nativeMs += fromNative.ms;
    total.wasmMs += fromWasm.ms;
    totals.set(tool, total);
  }
}
rmSync(scratch, { recursive: true, force: true });

console.log(table(['file', 'tool', 'outputs', 'native', 'wasm'], rows));
console.log();
console.log(
  table(
    ['tool', 'identical', 'differs', 'both refuse', 'mismatch', 'native', 'wasm', 'wasm / native'],
    [...totals].map(([tool, total]) => [
      tool,
      String(total.identical),
      String(total.differs),
      String(total.refused),
      String(total.mismatch),
      `${Math.round(total.nativeMs)} ms`,
      `${Math.round(total.wasmMs)} ms`,
      (total.wasmMs / total.nativeMs).toFixed(2),
    ]),
  ),
);
