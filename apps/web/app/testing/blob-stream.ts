/**
 * jsdom's Blob has no stream(). This one reads the blob in slices, as a browser does, one slice per read (no
 * read-ahead), and counts the bytes it has handed out so a test can compare reported progress with real reading.
 */
const DEFAULT_CHUNK_BYTES = 64 * 1024;

const streamed = new WeakMap<Blob, number>();

/** Bytes of `blob` handed to a reader so far by its latest stream(). */
export function bytesStreamed(blob: Blob): number {
  return streamed.get(blob) ?? 0;
}

/** Installs Blob.prototype.stream for the current test file; returns the function that removes it again. */
export function installBlobStream({ chunkBytes = DEFAULT_CHUNK_BYTES }: { chunkBytes?: number } = {}): () => void {
  const original = Object.getOwnPropertyDescriptor(Blob.prototype, 'stream');
  Object.defineProperty(Blob.prototype, 'stream', {
    configurable: true,
    writable: true,
    value: function stream(this: Blob): ReadableStream<Uint8Array<ArrayBuffer>> {
      return sliceStream(this, chunkBytes);
    },
  });
  return () => {
    if (original) Object.defineProperty(Blob.prototype, 'stream', original);
    else delete (Blob.prototype as { stream?: unknown }).stream;
  };
}

function sliceStream(blob: Blob, chunkBytes: number): ReadableStream<Uint8Array<ArrayBuffer>> {
  let offset = 0;
  streamed.set(blob, 0);
  return new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      async pull(controller) {
        if (offset >= blob.size) {
          controller.close();
          return;
        }
        const chunk = new Uint8Array(await blob.slice(offset, offset + chunkBytes).arrayBuffer());
        offset += chunk.length;
        streamed.set(blob, offset);
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
}
