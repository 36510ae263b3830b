import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Font subsetting with HarfBuzz's hb-subset (the WASM build harfbuzzjs ships). MuPDF's own subsetter cannot cut
 * a face out of a font collection (.ttc, as the CJK fonts are) and fails on their CFF outlines, embedding 16 MB
 * instead; hb-subset handles both. See docs/decisions/140.
 */

/** The part of the WebAssembly global used here (the project's TypeScript libraries do not declare it). */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: WebAssemblyApi };

interface SubsetExports {
  memory: { buffer: ArrayBuffer };
  _initialize?: () => void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_input_set(input: number, setType: number): number;
  hb_subset_or_fail(face: number, input: number): number;
}

const HB_MEMORY_MODE_READONLY = 1;
/** Glyph ids stay as they were, so text shaped against the full font draws the same glyphs from the subset. */
const HB_SUBSET_FLAGS_RETAIN_GIDS = 0x2;
/** Hinting is for screens at small pixel sizes; PDF viewers rarely use it and it is a large part of a font. */
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;
/** The glyphs are already shaped: substitutions' other glyphs are not needed. */
const HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE = 0x200;
const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
/** Tables only shaping reads (PDF viewers draw glyph ids as given). */
const LAYOUT_TABLES = ['GSUB', 'GPOS', 'GDEF', 'BASE', 'JSTF', 'MATH', 'morx', 'kerx', 'kern'];
const tag = (name: string) => [...name].reduce((value, char) => (value << 8) | char.charCodeAt(0), 0) >>> 0;

let subsetter: SubsetExports | undefined;

function loadSubsetter(): SubsetExports {
  if (!subsetter) {
    const wasmPath = createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm');
    const instance = new wasm.Instance(new wasm.Module(readFileSync(wasmPath)), {});
    subsetter = instance.exports as unknown as SubsetExports;
    subsetter._initialize?.();
  }
  return subsetter;
}

/**
 * The face `index` of the font file `fontBytes` (a .ttf, .otf or a collection) reduced to the glyphs `gids`
 * (glyph ids kept), as a standalone font file.
 */
export function subsetFont(fontBytes: Uint8Array, index: number, gids: Iterable<number>): Uint8Array {
  const hb = loadSubsetter();
  const data = hb.malloc(fontBytes.byteLength);
  new Uint8Array(hb.memory.buffer).set(fontBytes, data);
  const blob = hb.hb_blob_create(data, fontBytes.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
  const face = hb.hb_face_create(blob, index);
  const input = hb.hb_subset_input_create_or_fail();
  try {
    if (input === 0) throw new Error('hb-subset: out of memory');
    const glyphs = hb.hb_subset_input_glyph_set(input);
    hb.hb_set_add(glyphs, 0);
    for (const gid of gids) hb.hb_set_add(glyphs, gid);
    const dropped = hb.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
    for (const name of LAYOUT_TABLES) hb.hb_set_add(dropped, tag(name));
    hb.hb_subset_input_set_flags(
      input,
      HB_SUBSET_FLAGS_RETAIN_GIDS | HB_SUBSET_FLAGS_NO_HINTING | HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE,
    );
    const subset = hb.hb_subset_or_fail(face, input);
    if (subset === 0) throw new Error('hb-subset could not subset the font');
    const subsetBlob = hb.hb_face_reference_blob(subset);
    const length = hb.hb_blob_get_length(subsetBlob);
    const start = hb.hb_blob_get_data(subsetBlob, 0);
    const bytes = new Uint8Array(hb.memory.buffer, start, length).slice();
    hb.hb_blob_destroy(subsetBlob);
    hb.hb_face_destroy(subset);
    return bytes;
  } finally {
    if (input !== 0) hb.hb_subset_input_destroy(input);
    hb.hb_face_destroy(face);
    hb.hb_blob_destroy(blob);
    hb.free(data);
  }
}
