import { type InputType, inflateSync } from 'node:zlib';

/**
 * A stream's data decoded here, where that is no more lenient than qpdf's decoding: stored unfiltered, or under one
 * /FlateDecode without parameters, inflated whole by zlib (its checksum included). The content check reads the
 * pages' streams so, and the stored-objects reading its object streams.
 */

/** The most a stream may inflate to here; a longer one is left to qpdf. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** A stream's /Filter as a list: none, one name, or an array of them. */
export function filtersOf(dict: Record<string, unknown>): unknown[] {
  const filter = dict['/Filter'];
  return filter === undefined ? [] : Array.isArray(filter) ? filter : [filter];
}

/**
 * A stream's data as stored, decoded when it is plain Flate (no parameters); `undefined` for any other filter, or
 * data that zlib does not inflate whole (its checksum included) within MAX_INFLATED_BYTES.
 */
export function inflated(data: InputType, dict: Record<string, unknown>): Buffer | undefined {
  const filters = filtersOf(dict);
  if (filters.length === 0) return Buffer.from(data as Uint8Array);
  const parms = dict['/DecodeParms'];
  if (filters.length !== 1 || filters[0] !== '/FlateDecode') return undefined;
  if (parms !== undefined && parms !== null && !(Array.isArray(parms) && parms.length === 1 && parms[0] === null)) {
    return undefined;
  }
  try {
    return inflateSync(data, { maxOutputLength: MAX_INFLATED_BYTES });
  } catch {
    return undefined;
  }
}
