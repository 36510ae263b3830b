import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { TEMP_SWEEP_AGE_MINUTES } from '@paperknife/catalog/limits';

/** Anything in the temp root older than this is left over from a crash or a bug, and goes. */
export const SWEEP_AGE_MS = TEMP_SWEEP_AGE_MINUTES * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * One private folder per request under the temp root. A folder is removed once its request is over (response
 * sent, failed or abandoned by the client) AND the work writing into it has settled, so a job still being
 * stopped never writes into a folder that was already removed. A sweeper removes whatever is left behind.
 */
export class TempFolders {
  private readonly live = new Set<RequestFolder>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    readonly root: string,
    private readonly sweepAgeMs = SWEEP_AGE_MS,
  ) {}

  async start(): Promise<void> {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  async create(): Promise<RequestFolder> {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    const path = await mkdtemp(join(this.root, 'job-'));
    const folder = new RequestFolder(path, () => this.live.delete(folder));
    this.live.add(folder);
    return folder;
  }

  /** Removes entries of the temp root last changed more than the sweep age ago. */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    const entries = await readdir(this.root).catch(() => []);
    for (const name of entries) {
      const path = join(this.root, name);
      const info = await stat(path).catch(() => undefined);
      if (info && now - info.mtimeMs > this.sweepAgeMs) {
        await rm(path, { recursive: true, force: true }).catch(() => undefined);
        removed++;
      }
    }
    return removed;
  }

  /** Bytes currently held in the temp root (for /metrics). */
  async bytes(): Promise<number> {
    return folderBytes(this.root);
  }

  /** Stops the sweeper and removes every folder this process still holds. */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.live].map((folder) => folder.destroy()));
  }
}

export class RequestFolder {
  private pending = 0;
  private released = false;
  private removal: Promise<void> | undefined;

  constructor(
    readonly path: string,
    private readonly onRemoved: () => void,
  ) {}

  /** Runs work that writes into the folder; the folder is not removed before it settles. */
  async track<T>(work: () => Promise<T>): Promise<T> {
    this.pending++;
    try {
      return await work();
    } finally {
      this.pending--;
      if (this.released && this.pending === 0) void this.destroy();
    }
  }

  /** The request is over: remove the folder as soon as no tracked work is running. Safe to call many times. */
  release(): void {
    this.released = true;
    if (this.pending === 0) void this.destroy();
  }

  destroy(): Promise<void> {
    this.removal ??= rm(this.path, { recursive: true, force: true, maxRetries: 3 })
      .catch(() => undefined)
      .finally(this.onRemoved);
    return this.removal;
  }
}

async function folderBytes(path: string): Promise<number> {
  let total = 0;
  const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) total += await folderBytes(child);
    else total += (await stat(child).catch(() => undefined))?.size ?? 0;
  }
  return total;
}
