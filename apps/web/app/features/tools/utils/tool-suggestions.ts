import { type DetectedType, acceptedTypes } from '@paperknife/catalog/file-types';
import { type ToolId, toolIds, toolPaths, tools } from '@paperknife/catalog/tools';

export interface ToolSuggestion {
  id: ToolId;
  /** The tool page's English path. */
  path: string;
}

/**
 * The tools that can take the files dropped on the home/tools box, best first: several PDFs -> merge; one PDF ->
 * every single-PDF tool (popular first); Word files -> Word to PDF. Mixed kinds fit no single tool.
 */
export function suggestTools(types: readonly DetectedType[]): ToolSuggestion[] {
  if (types.length === 0) return [];
  const fits = toolIds.filter((id) => {
    const tool = tools[id];
    const accepted: readonly DetectedType[] = acceptedTypes[tool.input.label];
    const max = tool.files.max ?? Number.POSITIVE_INFINITY;
    return types.every((type) => accepted.includes(type)) && types.length >= tool.files.min && types.length <= max;
  });
  const ranked = fits.sort((a, b) => Number(tools[b].popular) - Number(tools[a].popular));
  return ranked.map((id) => ({ id, path: toolPaths(id).canonical }));
}
