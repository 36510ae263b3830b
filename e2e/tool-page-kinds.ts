import { readFileSync, readdirSync } from 'node:fs';
import type { ToolEntry } from '@paperknife/catalog/tool-entry';
import { type ToolId, toolIds, tools } from '@paperknife/catalog/tools';
import { initialFormValues, shownControls } from '../apps/web/app/features/tools/utils/tool-form';

/**
 * What a tool page is made of once its files are in, as pieces of markup: the file list (input kind, one file or
 * several), the tool form's layout, each option control the page draws from the catalogue's form metadata (its
 * kind and the parts it shows: hint, placeholder, collapsed group, page picker, a blank value's effect on the
 * action), and the tool's own page extras (`page-extras/<tool id>.tsx`), a piece of their own unless all they add is
 * a result view, shown only after a run. Read from the catalogue and the extras folder, so a new tool brings its
 * pieces by itself. Two tools with the same piece render the same component with the same props but for words.
 */

const extrasFolder = new URL('../apps/web/app/features/tools/page-extras/', import.meta.url);

/** The keys of each tool's `pageExtras` that show before a run (all but the result view). */
const extrasShownBeforeRun = new Map(
  readdirSync(extrasFolder)
    .filter((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'))
    .map((name) => {
      const source = readFileSync(new URL(name, extrasFolder), 'utf8');
      const object = /export const pageExtras\b[^=]*=\s*\{([^}]*)\}/.exec(source)?.[1];
      if (object === undefined) throw new Error(`${name}: no \`export const pageExtras = { ... }\` to read`);
      const keys = object.split(',').map((entry) => entry.split(':')[0]!.trim());
      return [name.replace(/\.tsx$/, ''), keys.filter((key) => key !== '' && key !== 'AfterSuccess')] as const;
    }),
);

export function toolPagePieces(id: ToolId): string[] {
  const tool: ToolEntry = tools[id];
  const extras = extrasShownBeforeRun.get(id) ?? [];
  // A tool's own options panel draws its controls itself, in place of the catalogue's.
  const generated = extras.includes('OptionsPanel') ? [] : shownControls(id, initialFormValues(id));
  const controls = generated.map(({ meta }) =>
    [
      meta.control.kind,
      meta.hint && 'hint',
      meta.placeholder && 'placeholder',
      meta.group && 'in a group',
      meta.wide && 'wide',
      meta.whenBlank,
      meta.pickPages && `page picker (${meta.pickPages.shows})`,
    ]
      .filter(Boolean)
      .join(' + '),
  );
  return [
    ...(extras.length > 0 ? [`${id}'s own ${extras.join(', ')}`] : []),
    `${tool.input.label} file list, ${tool.files.max === 1 ? 'one file' : 'several files'}`,
    ...(tool.dataFile ? ['data file upload'] : []),
    `form in ${tool.formColumns ?? 1} column(s)`,
    ...(extras.includes('OptionsPanel') ? [] : controls.length === 0 ? ['no options'] : controls),
  ];
}

/**
 * The fewest tool pages (in the catalogue's order, greedily) that together show every piece any tool page shows:
 * axe on these checks every component as some tool page draws it. Each page lists the pieces it is the first to
 * show, and the tools whose every piece is checked on the pages before.
 */
export function pagesShowingEveryPiece(): { id: ToolId; pieces: string[] }[] {
  const unchecked = new Map(toolIds.map((id) => [id, new Set(toolPagePieces(id))]));
  const chosen: { id: ToolId; pieces: string[] }[] = [];
  for (;;) {
    let best: ToolId | undefined;
    for (const [id, pieces] of unchecked) {
      if (pieces.size > 0 && (best === undefined || pieces.size > unchecked.get(best)!.size)) best = id;
    }
    if (best === undefined) return chosen;
    const pieces = [...unchecked.get(best)!];
    chosen.push({ id: best, pieces });
    for (const left of unchecked.values()) for (const piece of pieces) left.delete(piece);
  }
}
