import type { ToolId } from '@paperknife/catalog/tools';
import type { DeviceEngine } from './device-protocol';
import { deviceToolIds, mupdfDeviceToolIds } from './device-tools.prebuilt';

/** Which engine runs a page tool in the browser; undefined when the tool runs on the server only. */
export function deviceEngineOf(id: ToolId): DeviceEngine | undefined {
  if (deviceToolIds.includes(id)) return 'qpdf';
  if (mupdfDeviceToolIds.includes(id)) return 'mupdf';
  return undefined;
}

/** Whether a page tool can also run in the browser, and what that costs the visitor (decision 205). */
export const hasDeviceWay = (id: ToolId): boolean => deviceEngineOf(id) !== undefined;

/**
 * What the device way takes, one file or a job's files together; larger stays with the server: the worker's memory
 * (2 GB at most) holds input, output and qpdf.
 */
export const DEVICE_MAX_FILE_BYTES = 512 * 1024 * 1024;

declare const __DEVICE_DOWNLOAD_BYTES__: number;
declare const __MUPDF_DOWNLOAD_BYTES__: number;

/** The one-time download of the device way (the qpdf worker and the wasm, brotli), measured by the build. */
export const deviceDownloadBytes: number = __DEVICE_DOWNLOAD_BYTES__;

/** Each engine's one-time download (its worker's script and wasm, brotli), measured by the build. */
export const engineDownloadBytes: Record<DeviceEngine, number> = {
  qpdf: __DEVICE_DOWNLOAD_BYTES__,
  mupdf: __MUPDF_DOWNLOAD_BYTES__,
};
