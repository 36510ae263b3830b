import { type DetectedType, acceptedTypes } from '@paperknife/catalog/file-types';
import { type FileKind, type ToolId, toolIds, toolPaths, tools } from '@paperknife/catalog/tools';

export interface ToolSuggestion {
  id: ToolId;
  /** The tool page's English path. */
  path: string;
}

type InputKind = (typeof tools)[ToolId]['input'];

/** Every input kind some tool takes, each once, in catalogue order: the kinds the home/tools box takes. */
export const toolInputKinds: readonly InputKind[] = toolIds
  .map((id) => tools[id].input)
  .filter((kind, index, kinds) => kinds.findIndex((other) => other.label === kind.label) === index);

/** The message key of an input kind's name in the box's texts ("Excel", "images"). */
export const kindNameKey = (label: string) => `tryIt.kind.${label}`;

const unique = <Item>(items: readonly Item[]) => [...new Set(items)];

/** What the box lets through by name or browser type: the union of every tool's input kind. */
export const anyToolInput: FileKind = {
  label: toolInputKinds.map((kind) => kind.label).join(', '),
  mimeTypes: unique(toolInputKinds.flatMap((kind) => kind.mimeTypes)),
  extensions: unique(toolInputKinds.flatMap((kind) => kind.extensions)),
};

/** What the box takes by content: every type some tool's input kind accepts. */
export const anyToolTypes: readonly DetectedType[] = unique(
  toolInputKinds.flatMap((kind): readonly DetectedType[] => acceptedTypes[kind.label]),
);

/**
 * The tools that can take the files dropped on the home/tools box, best first: several PDFs -> merge; one PDF ->
 * every single-PDF tool (popular first); one Word file -> Word to PDF; images -> JPG to PDF. Mixed kinds fit no
 * single tool.
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
