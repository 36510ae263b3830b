import { describe, expect, it } from 'vitest';
import { release } from './worker-replies';

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
  it('detaches every buffer but the one the answer still reads, and leaves undetachable ones alone', () => {
    const [input, output, kept, memory] = [buffer(), buffer(), buffer(), buffer(false)];
    expect(() => release([input, output, kept, memory], kept)).not.toThrow();
    expect(input.transfers).toEqual([0]);
    expect(output.transfers).toEqual([0]);
    expect(kept.transfers).toEqual([]);
  });

  it('does nothing where the browser has no transfer', () => {
    const plain = { byteLength: 8 } as ArrayBuffer;
    expect(() => release([plain])).not.toThrow();
  });
});
