import type { ToolId } from '@paperknife/catalog/tools';
import { deviceToolIds } from './device-tools.prebuilt';

/** Whether a page tool can also run in the browser, and what that costs the visitor (decision 205). */
export const hasDeviceWay = (id: ToolId): boolean => deviceToolIds.includes(id);

/**
 * What the device way takes, one file or a job's files together; larger stays with the server: the worker's memory
 * (2 GB at most) holds input, output and qpdf.
 */
export const DEVICE_MAX_FILE_BYTES = 512 * 1024 * 1024;

declare const __DEVICE_DOWNLOAD_BYTES__: number;

/** The one-time download of the device way (the qpdf worker and the wasm, brotli), measured by the build. */
export const deviceDownloadBytes: number = __DEVICE_DOWNLOAD_BYTES__;
