/** The rectangle a signature goes in, as fractions of the visible page measured from its top-left corner. */
export interface SignatureBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box kept inside the page: a box running past an edge is cut at it. */
export function boxInsidePage(box: SignatureBox): SignatureBox {
  const x = Math.min(box.x, 0.99);
  const y = Math.min(box.y, 0.99);
  return {
    x,
    y,
    width: Math.max(0.01, Math.min(box.width, 1 - x)),
    height: Math.max(0.01, Math.min(box.height, 1 - y)),
  };
}

/** The bytes of base64 text, or of a data: URL carrying base64. */
export function base64Bytes(text: string): Uint8Array {
  const data = text.startsWith('data:') ? text.slice(text.indexOf(',') + 1) : text;
  return new Uint8Array(Buffer.from(data, 'base64'));
}
