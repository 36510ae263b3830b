import { type ToolId, isToolId } from '@paperknife/catalog/tools';

/** The tool a tool-page path names: `/merge-pdf` and `/tools/merge-pdf` both give `merge-pdf`. */
export function toolIdFromPath(pathname: string): ToolId | undefined {
  const slug = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return isToolId(slug) ? slug : undefined;
}
