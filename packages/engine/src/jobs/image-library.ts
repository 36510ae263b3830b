import type sharpLibrary from 'sharp';

/**
 * sharp (libvips), loaded by the first job that encodes or decodes an image rather than when the server starts: its
 * native library is some 25 MB of a fresh server's memory, which most jobs never need. Tests and fixtures may import
 * sharp directly.
 */
let loading: Promise<typeof sharpLibrary> | undefined;

export function loadSharp(): Promise<typeof sharpLibrary> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
