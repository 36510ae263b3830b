import type { ToolId } from '@paperknife/catalog/tools';
import type { ComponentType } from 'react';
import type { FormValues } from './utils/tool-form';
import { isToolId } from './utils/tool-route';

export interface OptionsPanelProps {
  /** The tool whose options these are: the panel reads its fields from the catalogue by it. */
  tool: ToolId;
  values: FormValues;
  onChange: (name: string, value: string | boolean) => void;
  /** The dropped file of a one-file tool, once it is ready (organize draws its pages). */
  file?: File | undefined;
}

/** A successful run's answer, as a tool's result view reads it. */
export interface RunResult {
  /** The answer's values of the response headers the tool's catalogue entry lists, by name; absent ones left out. */
  headers: Readonly<Record<string, string>>;
  /** The answer's body, as downloaded. */
  output?: Blob;
  /** The files sent, in order (the workspace clears them after a success). */
  files?: readonly File[];
}

/** What a tool's page has beyond what the catalogue describes: its own sections, layout and follow-ups. */
export interface ToolPageExtras {
  /** The workspace beside the title on wide screens instead of under it. */
  layout?: 'beside-title';
  /** A sidebar next to the workspace on wide screens. */
  Sidebar?: ComponentType;
  /** Sections below the workspace: how-tos, feature cards. */
  Sections?: ComponentType;
  /** The tool's result view, shown after a successful run: merge's next steps, compress's sizes before and after. */
  AfterSuccess?: ComponentType<RunResult>;
  /** Options the form metadata cannot express; replaces the generated controls. */
  OptionsPanel?: ComponentType<OptionsPanelProps>;
}

/**
 * The one map of tool page extras: `page-extras/<tool id>.tsx` exporting `pageExtras`. Found by file name, so a
 * tool's extras live in one file named after it and nothing else lists them; a misnamed file stops the build.
 */
// Tests sit beside their extras file and are not extras themselves.
const modules = import.meta.glob<ToolPageExtras>(['./page-extras/*.tsx', '!./page-extras/*.test.tsx'], {
  eager: true,
  import: 'pageExtras',
});

const extrasByTool = new Map<ToolId, ToolPageExtras>();
for (const [path, extras] of Object.entries(modules)) {
  const name = /([^/]+)\.tsx$/.exec(path)?.[1] ?? path;
  if (!isToolId(name)) throw new Error(`${path}: page extras must be named after a tool id.`);
  extrasByTool.set(name, extras);
}

export function pageExtrasOf(id: ToolId): ToolPageExtras {
  return extrasByTool.get(id) ?? {};
}
