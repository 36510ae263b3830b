import type { ToolId } from '@paperknife/catalog/tools';
import { toolInfo } from '~/lib/tool-info.prebuilt';

/** Whether `value` is a catalogue tool's id (without loading the catalogue: decision 074). */
export function isToolId(value: string): value is ToolId {
  return Object.hasOwn(toolInfo, value);
}

/** The tool a tool-page path names: `/merge-pdf` and `/tools/merge-pdf` both give `merge-pdf`. */
export function toolIdFromPath(pathname: string): ToolId | undefined {
  const slug = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return isToolId(slug) ? slug : undefined;
}
