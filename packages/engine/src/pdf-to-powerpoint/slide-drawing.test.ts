import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import 'mupdf';

const check = fileURLToPath(new URL('../testing/shade-redraw-check.ts', import.meta.url));

/** Runs the check in a node process of its own, with the garbage collector at hand; its last line of output. */
function runCheck(): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--conditions=source', '--import', 'tsx', check],
      { timeout: 20_000 },
      (error, stdout, stderr) => {
        const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';
        // A trap in a finalizer ends the process: the first short line of its output naming an error says which.
        const trap = stderr.split('\n').find((line) => /Error/.test(line) && line.length < 300);
        resolve(error ? `exit ${error.code ?? error.signal}: ${trap ?? lastLine(stderr)}` : lastLine(stdout));
      },
    );
  });
}

describe('slide backgrounds with shadings', () => {
  it('leave MuPDF memory sound when the garbage collector runs between draws', async () => {
    expect(await runCheck()).toBe(JSON.stringify({ rounds: 6, painted: 6 }));
  });

  it('are drawn from a shade mupdf.js wraps without a reference of its own', () => {
    // disownShade (mupdf/device-shade.ts) makes up for this; once mupdf.js keeps the shade itself, it should go.
    const device = (globalThis as { $libmupdf_device?: { fill_shade: { toString(): string } } }).$libmupdf_device;
    expect(device?.fill_shade.toString()).toContain('new Shade(shade)');
  });
});
