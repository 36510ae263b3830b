type ProgressHandler = ((event: ProgressEvent) => void) | null;

const progressEvent = (type: string, loaded = 0, total = 0, lengthComputable = total > 0) =>
  new ProgressEvent(type, { loaded, total, lengthComputable });

/**
 * A stand-in for XMLHttpRequest (jsdom's would go to the network): it records what the page sends, and the test
 * plays the server's part by calling its upload, respond and fail methods in the order a browser fires them.
 */
export class FakeXhr {
  /** Every request made since installFakeXhr(), oldest first. */
  static readonly requests: FakeXhr[] = [];

  method = '';
  url = '';
  responseType: XMLHttpRequestResponseType = '';
  readonly requestHeaders: Record<string, string> = {};
  body: unknown = null;
  sent = false;
  aborted = false;
  status = 0;
  response: Blob | null = null;
  readonly upload: { onprogress: ProgressHandler; onload: ProgressHandler } = { onprogress: null, onload: null };
  onprogress: ProgressHandler = null;
  onload: ProgressHandler = null;
  onerror: ProgressHandler = null;
  onabort: ProgressHandler = null;
  private readonly responseHeaders = new Map<string, string>();

  constructor() {
    FakeXhr.requests.push(this);
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.requestHeaders[name.toLowerCase()] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders.get(name.toLowerCase()) ?? null;
  }

  send(body: unknown): void {
    this.body = body;
    this.sent = true;
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.(progressEvent('abort'));
  }

  /** The browser has sent `loaded` of `total` bytes of the request body. */
  uploadProgress(loaded: number, total: number, lengthComputable = true): void {
    this.upload.onprogress?.(progressEvent('progress', loaded, total, lengthComputable));
  }

  /** The whole request body has been sent. */
  uploadDone(): void {
    this.upload.onload?.(progressEvent('load'));
  }

  /** The server answers: the first bytes arrive (a download progress event), then the whole response. */
  respond(status: number, body: Blob, headers: Record<string, string> = {}): void {
    for (const [name, value] of Object.entries(headers)) this.responseHeaders.set(name.toLowerCase(), value);
    this.status = status;
    this.response = body;
    this.onprogress?.(progressEvent('progress', body.size, body.size));
    this.onload?.(progressEvent('load', body.size, body.size));
  }

  /** The server answers with an API error body `{"error":{"code","message"}}`. */
  respondWithError(status: number, code: string, message: string): void {
    const body = new Blob([JSON.stringify({ error: { code, message } })], { type: 'application/json' });
    this.respond(status, body, { 'Content-Type': 'application/json' });
  }

  /** The connection fails (offline, reset, refused). */
  failNetwork(): void {
    this.onerror?.(progressEvent('error'));
  }
}

/** The latest request; throws when the page made none. */
export function latestRequest(): FakeXhr {
  const request = FakeXhr.requests.at(-1);
  if (!request) throw new Error('No XMLHttpRequest was made.');
  return request;
}

/** Replaces XMLHttpRequest with FakeXhr and forgets earlier requests; returns the function that puts it back. */
export function installFakeXhr(): () => void {
  const original = globalThis.XMLHttpRequest;
  FakeXhr.requests.length = 0;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return () => {
    globalThis.XMLHttpRequest = original;
  };
}
