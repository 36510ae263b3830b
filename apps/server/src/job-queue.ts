import { ToolError } from '@paperknife/catalog/errors';

/**
 * A bounded queue: at most `concurrency` jobs run, at most `queueSize` wait. A job that finds the queue full is
 * refused at once with `busy` (the client retries later) instead of piling up memory and temp files.
 */
export class JobQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private idleWaiters: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueSize: number,
  ) {}

  get depth(): number {
    return this.waiting.length;
  }

  get active(): number {
    return this.running;
  }

  /** True when a new job would be refused: lets a request be turned away before its upload is read. */
  get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.queueSize;
  }

  /**
   * Runs `job` when a slot is free. The slot is held until the job's promise settles, even when the caller
   * stopped waiting for it, so the number of engine processes never exceeds `concurrency`. A job that can use
   * several processes asks for `extraSlots` more: it gets those free when it starts (none while others wait), holds
   * them to its end, and learns its total as `job`'s argument.
   */
  async run<T>(job: (slots: number) => Promise<T>, signal?: AbortSignal, extraSlots = 0): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueSize) throw new ToolError('busy');
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          const at = this.waiting.indexOf(start);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(signal?.reason instanceof Error ? signal.reason : new ToolError('processing_timeout'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.waiting.push(start);
      });
    } else {
      this.running++;
    }
    const lent = this.waiting.length > 0 ? 0 : Math.max(0, Math.min(extraSlots, this.concurrency - this.running));
    this.running += lent;
    try {
      return await job(1 + lent);
    } finally {
      for (let slot = 0; slot <= lent; slot++) this.release();
    }
  }

  /** Resolves when nothing runs or waits, or after `timeoutMs`. */
  async idle(timeoutMs: number): Promise<boolean> {
    if (this.running === 0 && this.waiting.length === 0) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref();
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) {
      next(); // the slot passes straight on: `running` stays the same
      return;
    }
    this.running--;
    if (this.running === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const wake of waiters) wake();
    }
  }
}
