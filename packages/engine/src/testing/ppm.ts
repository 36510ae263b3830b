/** Pixels of a binary PPM (P6, 8 bits per channel), as pdftoppm writes them: RGB, row by row. */
export interface RgbImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export function parsePpm(data: Buffer): RgbImage {
  // P6 header: magic, width, height, maxval, each separated by whitespace, then one whitespace byte.
  const fields: string[] = [];
  let at = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(data[at]!))) at++;
    let field = '';
    while (!/\s/.test(String.fromCharCode(data[at]!))) field += String.fromCharCode(data[at++]!);
    fields.push(field);
  }
  at++;
  if (fields[0] !== 'P6') throw new Error(`not a binary PPM: ${fields[0]}`);
  const width = Number(fields[1]);
  const height = Number(fields[2]);
  return { width, height, pixels: new Uint8Array(data.buffer, data.byteOffset + at, width * height * 3) };
}
