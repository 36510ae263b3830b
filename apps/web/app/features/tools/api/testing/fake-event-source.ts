import type { JobStatus } from '~/features/tools/api/job-client';

/**
 * A stand-in for EventSource (jsdom has none): it records the stream the page opens, and the test plays the
 * server's part by emitting `status` events, or by closing the stream for good as a browser does after a refusal.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every stream opened since installFakeEventSource(), oldest first. */
  static readonly opened: FakeEventSource[] = [];

  static latest(): FakeEventSource | undefined {
    return FakeEventSource.opened.at(-1);
  }

  readyState = FakeEventSource.OPEN;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  get closed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server sends one `status` event. */
  emit(status: JobStatus): void {
    if (this.closed) return;
    const event = new MessageEvent('status', { data: JSON.stringify(status) });
    for (const listener of this.listeners.get('status') ?? []) listener(event);
  }

  /** The stream failed and the browser will not reconnect (the server refused it). */
  failForGood(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }
}

/** A job status document as the server writes it, with the links of `id`. */
export function jobStatus(status: Partial<JobStatus> = {}): JobStatus {
  const id = status.id ?? 'r1.AAAAAAAAAAAAAAAAAAAAAA';
  const self = `/functions/v1/jobs/${id}`;
  return {
    id,
    status: 'running',
    stage: 'Processing',
    links: { self, events: `${self}/events`, result: `${self}/result`, cancel: self },
    ...status,
  };
}

/** Replaces EventSource with FakeEventSource and forgets earlier streams; returns the function that puts it back. */
export function installFakeEventSource(): () => void {
  const original = (globalThis as { EventSource?: unknown }).EventSource;
  FakeEventSource.opened.length = 0;
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  return () => {
    (globalThis as { EventSource?: unknown }).EventSource = original;
  };
}
