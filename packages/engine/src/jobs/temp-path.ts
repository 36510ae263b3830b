import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { ToolContext } from './tool-runner.js';

/** A fresh file name in the job folder. */
export function tempPath(context: ToolContext, label: string, extension = '.pdf'): string {
  return join(context.workDir, `${label}-${randomBytes(6).toString('hex')}${extension}`);
}
