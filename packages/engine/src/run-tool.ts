import type { ToolId, ToolOptions } from '@paperknife/catalog/tools';
import { engineTools } from './registry.js';
import type { InputFile, ToolContext, ToolResult, ToolRunner } from './jobs/tool-runner.js';

/** Runs one tool on files already in the job folder. Options must have been parsed by the catalogue. */
export function runTool<Id extends ToolId>(
  id: Id,
  files: readonly InputFile[],
  options: ToolOptions<Id>,
  context: ToolContext,
): Promise<ToolResult> {
  const runner: ToolRunner<Id> = engineTools[id];
  return runner(files, options, context);
}
