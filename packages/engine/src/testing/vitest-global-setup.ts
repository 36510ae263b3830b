import { rm } from 'node:fs/promises';
import { BUILT_WORKER_VARIABLE } from '../mupdf/pool.js';
import { buildMupdfWorker } from './mupdf-worker-build.js';

/**
 * Vitest global setup for the projects that run the engine (engine, server): builds the MuPDF worker once, before
 * any test process starts, and points the pools of every test process at it through the environment they inherit.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const previous = process.env[BUILT_WORKER_VARIABLE];
  const { worker, folder } = await buildMupdfWorker();
  process.env[BUILT_WORKER_VARIABLE] = worker;
  return async () => {
    if (previous === undefined) delete process.env[BUILT_WORKER_VARIABLE];
    else process.env[BUILT_WORKER_VARIABLE] = previous;
    await rm(folder, { recursive: true, force: true });
  };
}
