import { ToolError } from '@paperknife/catalog/errors';
import type { ToolRunner } from '../tool-runner.js';

// PLACEHOLDER until the engine work for this tool lands: answers a coded error, never a fake result.
export const extractText: ToolRunner<'extract-text'> = () =>
  Promise.reject(new ToolError('internal_error', 'This tool is not available yet.'));
