import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { release, resultBlob } from './worker-replies';

/** A stand-in for an ArrayBuffer: records the lengths it was transferred to, or throws like a wasm memory's. */
function buffer(detachable = true) {
  const transfers: number[] = [];
  const fake = {
    transfers,
    transfer(length: number) {
      if (!detachable) throw new TypeError('Cannot perform ArrayBuffer.prototype.transfer on a non-detachable buffer');
      transfers.push(length);
      return new ArrayBuffer(length);
    },
  };
  return fake as typeof fake & ArrayBuffer;
}

describe('release', () => {
  it('detaches every buffer, and leaves undetachable ones alone', () => {
    const [input, output, memory] = [buffer(), buffer(), buffer(false)];
    expect(() => release([input, output, memory])).not.toThrow();
    expect(input.transfers).toEqual([0]);
    expect(output.transfers).toEqual([0]);
  });

  it('does nothing where the browser has no transfer', () => {
    const plain = { byteLength: 8 } as ArrayBuffer;
    expect(() => release([plain])).not.toThrow();
  });
});

describe('resultBlob', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('gives the one file that bears the download name as it is, Blob or bytes', async () => {
    const download = { name: 'merged.pdf', contentType: 'application/pdf' };
    const fromBlob = await resultBlob([{ name: 'merged.pdf', data: new Blob([bytes('%PDF-a')]) }], download);
    expect(fromBlob.type).toBe('application/pdf');
    expect(await fromBlob.text()).toBe('%PDF-a');
    expect(await (await resultBlob([{ name: 'merged.pdf', data: bytes('%PDF-b') }], download)).text()).toBe('%PDF-b');
  });

  it('zips parts held as Blobs and as bytes, stored', async () => {
    const parts = [
      { name: 'part-1.pdf', data: new Blob([bytes('%PDF-one'), bytes(' and more')]) },
      { name: 'part-2.pdf', data: bytes('%PDF-two') },
    ];
    const zip = await resultBlob(parts, { name: 'split.zip', contentType: 'application/zip' });
    expect(zip.type).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(new TextDecoder().decode(files['part-1.pdf'])).toBe('%PDF-one and more');
    expect(new TextDecoder().decode(files['part-2.pdf'])).toBe('%PDF-two');
  });
});
