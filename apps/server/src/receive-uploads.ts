import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ToolError } from '@paperknife/catalog/errors';
import { acceptedTypes } from '@paperknife/catalog/file-types';
import { type Limits, formatMegabytes } from '@paperknife/catalog/limits';
import type { DataFileInput, ToolEntry } from '@paperknife/catalog/tool-entry';
import { type ToolId, maxFilesFor, tools } from '@paperknife/catalog/tools';
import { type InputFile, identifyFileAt } from '@paperknife/engine';

/** What a tool request brought: files on disk in the request folder, and raw option fields. */
export interface ReceivedRequest {
  files: InputFile[];
  fields: Record<string, unknown>;
}

/** Multipart field names that carry files. `files[]` is what some form libraries send for a repeated field. */
const FILE_FIELDS = new Set(['file', 'files', 'files[]']);
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 50;
const MAX_NAME_LENGTH = 255;

/** Counts bytes against the per-request limit while they stream. */
class UploadMeter {
  total = 0;
  constructor(private readonly limits: Limits) {}

  meter(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.total += chunk.length;
        if (this.total > this.limits.maxRequestBytes) {
          callback(requestTooLarge(this.limits));
          return;
        }
        callback(null, chunk);
      },
    });
  }
}

/** "100 MB" as the site shows limits; tiny limits (tests, odd setups) in KB rather than "0.0 MB". */
function formatLimit(bytes: number): string {
  return bytes >= 100 * 1024 ? formatMegabytes(bytes) : `${Math.round(bytes / 1024)} KB`;
}

function fileTooLarge(limits: Limits): ToolError {
  return new ToolError('file_too_large', `Each file can be at most ${formatLimit(limits.maxFileBytes)}.`);
}

function requestTooLarge(limits: Limits): ToolError {
  return new ToolError(
    'file_too_large',
    `The files in one request can add up to at most ${formatLimit(limits.maxRequestBytes)}.`,
  );
}

function tooManyFiles(id: ToolId, limits: Limits): ToolError {
  const max = maxFilesFor(id, limits);
  return new ToolError(
    'too_many_files',
    max === 1 ? 'This tool takes one file at a time.' : `Send at most ${max} files in one request.`,
  );
}

/**
 * Refuses files whose content does not match the tool's input kind (a renamed .exe is not a PDF, a workbook is
 * not a Word document): the first bytes, and for office documents the names inside their container.
 */
async function checkType(id: ToolId, path: string): Promise<void> {
  const accepted: readonly string[] = acceptedTypes[tools[id].input.label];
  const detected = await identifyFileAt(path);
  if (!detected || !accepted.includes(detected)) {
    throw new ToolError('unsupported_file_type', tools[id].invalidTypeDescription);
  }
}

function checkCount(id: ToolId, files: readonly InputFile[], limits: Limits): void {
  const tool = tools[id];
  if (files.length === 0) throw new ToolError('missing_file', tool.noFileDescription);
  if (files.length < tool.files.min) throw new ToolError('not_enough_files', tool.noFileDescription);
  if (files.length > maxFilesFor(id, limits)) throw tooManyFiles(id, limits);
}

function cleanName(name: string | undefined, index: number): string {
  const trimmed = (name ?? '').trim().slice(0, MAX_NAME_LENGTH);
  return trimmed || `document-${index}`;
}

/**
 * Streams a multipart request into the folder, one file at a time, never holding a file in memory. A file past
 * the size limit, or a request past the total, stops the upload at that byte with `file_too_large`.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  folder: string,
  id: ToolId,
  limits: Limits,
): Promise<ReceivedRequest> {
  const files: InputFile[] = [];
  const fields: Record<string, unknown> = {};
  const meter = new UploadMeter(limits);
  const dataField = dataFileOf(id)?.field;
  const dataCount = dataField ? dataFileCount(id) : 0;
  const dataFiles: InputFile[] = [];
  let dataParts = 0;
  const parts = request.parts({
    limits: {
      fileSize: limits.maxFileBytes,
      files: maxFilesFor(id, limits) + dataCount,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: maxFilesFor(id, limits) + dataCount + MAX_FIELDS,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (FILE_FIELDS.has(part.fieldname) || part.fieldname === dataField) continue; // a text value: no file
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname === dataField) {
        if (dataParts >= dataCount) throw tooManyDataFiles(dataField, dataCount);
        dataParts += 1;
        const path = join(folder, dataParts === 1 ? 'data-file' : `data-file-${dataParts}`);
        await pipeline(part.file, meter.meter(), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
        if (part.file.truncated) throw fileTooLarge(limits);
        const dataFile = checkDataFile(id, { path, name: cleanName(part.filename, 0), size: part.file.bytesRead });
        if (dataFile) dataFiles.push(dataFile);
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        throw new ToolError('invalid_option', `Send files in a field called "file" (or "files" for several files).`);
      }
      const path = join(folder, `upload-${files.length + 1}`);
      const meterStream = meter.meter();
      // Stop at the byte that crosses the limit instead of letting the parser skip the rest of the file. The
      // parser may have crossed it already, before this part was handed over.
      if (part.file.truncated) {
        part.file.destroy();
        throw fileTooLarge(limits);
      }
      part.file.once('limit', () => meterStream.destroy(fileTooLarge(limits)));
      await pipeline(part.file, meterStream, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
      if (part.file.truncated) throw fileTooLarge(limits);
      const size = part.file.bytesRead;
      // A browser form with no file chosen sends an empty part without a name.
      if (size === 0 && !part.filename) continue;
      await checkType(id, path);
      files.push({ path, name: cleanName(part.filename, files.length + 1), size });
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(limits);
    if (code === 'FST_FILES_LIMIT') throw tooManyFiles(id, limits);
    throw error;
  }
  checkCount(id, files, limits);
  return { files: [...files, ...dataFiles], fields };
}

/** The tool's second upload (Fill PDF forms' rows, the pictures Add Text and Images places), if it takes one. */
function dataFileOf(id: ToolId): DataFileInput | undefined {
  const tool: ToolEntry = tools[id];
  return tool.dataFile;
}

/** How many files the tool's second upload field takes. */
function dataFileCount(id: ToolId): number {
  return dataFileOf(id)?.maxCount ?? 1;
}

function tooManyDataFiles(field: string, count: number): ToolError {
  return new ToolError(
    'too_many_files',
    count === 1 ? `Send one file in the "${field}" field.` : `Send at most ${count} files in the "${field}" field.`,
  );
}

/** A data file within its own size limit; an empty one counts as none. Its content is read by the tool. */
function checkDataFile(id: ToolId, file: InputFile): InputFile | undefined {
  const spec = dataFileOf(id);
  if (!spec || file.size === 0) return undefined;
  if (file.size > spec.maxBytes) {
    throw new ToolError('file_too_large', `The "${spec.field}" file can be at most ${formatLimit(spec.maxBytes)}.`);
  }
  return file;
}

const jsonFile = z.object({
  name: z.string().max(MAX_NAME_LENGTH).optional(),
  data: z.string({ error: 'Each file needs its content as base64 in "data".' }),
});

const jsonBody = z.looseObject({
  files: z.array(jsonFile, { error: '"files" must be a list of {"name", "data"} objects.' }).optional(),
  file: jsonFile.optional(),
});

/** Base64 characters decoded per step: 1 MB of text, a whole number of 4-character groups. */
const BASE64_STEP = 1024 * 1024;

/**
 * Writes the base64 files of a JSON request into the folder. Decoding happens in 1 MB steps with a turn of the
 * event loop between them, so a large upload never stalls other requests.
 */
export async function receiveJson(body: unknown, folder: string, id: ToolId, limits: Limits): Promise<ReceivedRequest> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ToolError('invalid_option', 'Send a JSON object such as {"files":[{"name":"a.pdf","data":"<base64>"}]}.');
  }
  const parsed = jsonBody.safeParse(body);
  if (!parsed.success) throw new ToolError('invalid_option', parsed.error.issues[0]?.message);
  const { files: listed, file, ...fields } = parsed.data;
  const dataField = dataFileOf(id)?.field;
  const dataUpload = dataField === undefined ? undefined : fields[dataField];
  if (dataField !== undefined) delete fields[dataField];
  const uploads = listed ?? (file ? [file] : []);
  if (uploads.length > maxFilesFor(id, limits)) throw tooManyFiles(id, limits);

  const estimated = uploads.map((upload) => Math.floor((upload.data.length * 3) / 4));
  if (estimated.some((bytes) => bytes > limits.maxFileBytes + 3)) throw fileTooLarge(limits);
  if (estimated.reduce((sum, bytes) => sum + bytes, 0) > limits.maxRequestBytes + 3 * uploads.length) {
    throw requestTooLarge(limits);
  }

  const files: InputFile[] = [];
  let total = 0;
  for (const [index, upload] of uploads.entries()) {
    const path = join(folder, `upload-${index + 1}`);
    const size = await writeBase64(upload.data, path);
    if (size > limits.maxFileBytes) throw fileTooLarge(limits);
    total += size;
    if (total > limits.maxRequestBytes) throw requestTooLarge(limits);
    if (size === 0) continue;
    await checkType(id, path);
    files.push({ path, name: cleanName(upload.name, index + 1), size });
  }
  checkCount(id, files, limits);
  if (dataUpload === undefined || dataField === undefined) return { files, fields };
  const dataCount = dataFileCount(id);
  const shape = dataCount === 1 ? 'a {"name", "data"} object' : 'a list of {"name", "data"} objects';
  const data = (dataCount === 1 ? jsonFile : z.array(jsonFile)).safeParse(dataUpload);
  if (!data.success) throw new ToolError('invalid_option', `"${dataField}" must be ${shape}.`);
  const dataUploads = Array.isArray(data.data) ? data.data : [data.data];
  if (dataUploads.length > dataCount) throw tooManyDataFiles(dataField, dataCount);
  const dataFiles: InputFile[] = [];
  for (const [index, upload] of dataUploads.entries()) {
    const path = join(folder, index === 0 ? 'data-file' : `data-file-${index + 1}`);
    const size = await writeBase64(upload.data, path);
    const dataFile = checkDataFile(id, { path, name: cleanName(upload.name, 0), size });
    if (dataFile) dataFiles.push(dataFile);
  }
  return { files: [...files, ...dataFiles], fields };
}

async function writeBase64(data: string, path: string): Promise<number> {
  // Accept data: URLs as browsers make them, and base64url.
  const start = data.startsWith('data:') ? data.indexOf(',') + 1 : 0;
  const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  let size = 0;
  let carry = '';
  try {
    for (let at = start; at < data.length; at += BASE64_STEP) {
      const clean = carry + data.slice(at, at + BASE64_STEP).replace(/[^A-Za-z0-9+/_-]/g, '');
      const usable = clean.length - (clean.length % 4);
      carry = clean.slice(usable);
      const bytes = Buffer.from(clean.slice(0, usable), 'base64');
      size += bytes.length;
      if (!out.write(bytes)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      await yieldToLoop();
    }
    if (carry) {
      const bytes = Buffer.from(carry, 'base64');
      size += bytes.length;
      out.write(bytes);
    }
  } finally {
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
  return size;
}
