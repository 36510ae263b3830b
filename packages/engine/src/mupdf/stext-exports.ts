import type * as mupdf from 'mupdf';

/** The parts of MuPDF's WASM module the structured text is read through, as StructuredText.walk reads it. */
export interface StextExports {
  HEAPF32: Float32Array;
  _wasm_stext_page_get_first_block(page: number): number;
  _wasm_stext_block_get_next(block: number): number;
  _wasm_stext_block_get_type(block: number): number;
  _wasm_stext_block_get_bbox(block: number): number;
  _wasm_stext_block_get_first_line(block: number): number;
  _wasm_stext_block_get_transform(block: number): number;
  _wasm_stext_block_get_image(block: number): number;
  _wasm_stext_line_get_next(line: number): number;
  _wasm_stext_line_get_bbox(line: number): number;
  _wasm_stext_line_get_dir(line: number): number;
  _wasm_stext_line_get_first_char(line: number): number;
  _wasm_stext_char_get_next(char: number): number;
  _wasm_stext_char_get_c(char: number): number;
  _wasm_stext_char_get_font(char: number): number;
  _wasm_stext_char_get_size(char: number): number;
  _wasm_stext_char_get_quad(char: number): number;
  _wasm_stext_char_get_argb(char: number): number;
  _wasm_stext_char_get_bidi(char: number): number;
}

const STEXT_FUNCTIONS = [
  '_wasm_stext_page_get_first_block',
  '_wasm_stext_block_get_next',
  '_wasm_stext_block_get_type',
  '_wasm_stext_block_get_bbox',
  '_wasm_stext_block_get_first_line',
  '_wasm_stext_block_get_transform',
  '_wasm_stext_block_get_image',
  '_wasm_stext_line_get_next',
  '_wasm_stext_line_get_bbox',
  '_wasm_stext_line_get_dir',
  '_wasm_stext_line_get_first_char',
  '_wasm_stext_char_get_next',
  '_wasm_stext_char_get_c',
  '_wasm_stext_char_get_font',
  '_wasm_stext_char_get_size',
  '_wasm_stext_char_get_quad',
  '_wasm_stext_char_get_argb',
  '_wasm_stext_char_get_bidi',
] as const;

/**
 * MuPDF's WASM exports, where the MuPDF worker loaded mupdf with a module object of its own (mupdf/worker.ts), or
 * undefined (then readers go through StructuredText.walk).
 */
export function stextExports(): StextExports | undefined {
  const module = (globalThis as { $libmupdf_wasm_Module?: Partial<StextExports> }).$libmupdf_wasm_Module;
  if (!module?.HEAPF32 || !STEXT_FUNCTIONS.every((name) => typeof module[name] === 'function')) return undefined;
  return module as StextExports;
}

/**
 * The code points of the structured text's characters in the order StructuredText.walk hands them to `onChar`, or
 * undefined without MuPDF's exports. walk makes each character with String.fromCharCode, which keeps only the low 16
 * bits of a code point past U+FFFF: a mathematical letter (U+1D400...) or a CJK extension character comes out as an
 * unrelated one. Readers that walk take the character from here instead.
 */
export function textCodePoints(stext: mupdf.StructuredText): number[] | undefined {
  const wasm = stextExports();
  if (!wasm) return undefined;
  const codePoints: number[] = [];
  for (
    let block = wasm._wasm_stext_page_get_first_block(stext.pointer);
    block;
    block = wasm._wasm_stext_block_get_next(block)
  ) {
    if (wasm._wasm_stext_block_get_type(block) !== 0) continue;
    for (let line = wasm._wasm_stext_block_get_first_line(block); line; line = wasm._wasm_stext_line_get_next(line)) {
      for (let char = wasm._wasm_stext_line_get_first_char(line); char; char = wasm._wasm_stext_char_get_next(char)) {
        codePoints.push(wasm._wasm_stext_char_get_c(char));
      }
    }
  }
  return codePoints;
}
