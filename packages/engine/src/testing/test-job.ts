import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { ToolError } from '@paperknife/catalog/errors';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultLimits, type Limits } from '@paperknife/catalog/limits';
import { afterEach, beforeEach } from 'vitest';
import type { InputFile, ToolContext } from '../jobs/tool-runner.js';

/** A job folder and context for engine tests, as the server would give a tool. Call `cleanup` afterwards. */
export interface TestJob {
  context: ToolContext;
  /** Writes bytes into the job folder and describes them as an upload called `name`. */
  input(name: string, data: Uint8Array): Promise<InputFile>;
  cleanup(): Promise<void>;
}

export async function makeTestJob(limits: Partial<Limits> = {}): Promise<TestJob> {
  const workDir = await mkdtemp(join(tmpdir(), 'paperknife-test-'));
  const controller = new AbortController();
  let counter = 0;
  return {
    context: { workDir, limits: { ...defaultLimits, ...limits }, signal: controller.signal },
    async input(name, data) {
      const path = join(workDir, `upload-${++counter}`);
      await writeFile(path, data);
      return { path, name, size: data.byteLength };
    },
    async cleanup() {
      controller.abort();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh job for each test of the calling file, cleaned up after it. The object it returns always stands for the
 * running test's job, so a file declares it once: `const job = jobPerTest();`.
 */
export function jobPerTest(limits: Partial<Limits> = {}): TestJob {
  let current: TestJob | undefined;
  beforeEach(async () => {
    current = await makeTestJob(limits);
  });
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });
  const running = (): TestJob => {
    if (!current) throw new Error('jobPerTest: the job exists only while a test runs');
    return current;
  };
  return {
    get context() {
      return running().context;
    },
    input: (name, data) => running().input(name, data),
    cleanup: () => running().cleanup(),
  };
}

/** The catalogue code a promise rejects with ('resolved' if it does not); other errors are rethrown. */
export async function toolErrorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    if (error instanceof ToolError) return error.code;
    throw error;
  }
}

/**
 * Room for a test that may start LibreOffice cold. Alone that takes seconds, but in the full run several test
 * processes and the corpus sweep start their own instances on two cores, and a first conversion has taken over 30 s.
 */
export const LIBREOFFICE_TEST_MS = 90_000;
