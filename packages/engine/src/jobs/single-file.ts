import { ToolError } from '@paperknife/catalog/errors';
import type { InputFile } from './tool-runner.js';

/** The one upload of a single-file tool. The server checks the count too; this keeps the engine honest. */
export function requireOneFile(files: readonly InputFile[]): InputFile {
  const [file] = files;
  if (!file) throw new ToolError('missing_file');
  if (files.length > 1) throw new ToolError('too_many_files', 'This tool takes one file at a time.');
  return file;
}
