import {
  ArrowLeft,
  ArrowRight,
  Copy,
  FilePlus2,
  type LucideIcon,
  Redo2,
  RotateCcw,
  RotateCw,
  Trash2,
  Undo2,
} from 'lucide-react';
import { Button } from '~/components/ui/button';
import type { PageOrderEdits } from './use-page-order-edits';

interface ToolbarAction {
  label: string;
  Icon: LucideIcon;
  action: () => void;
  disabled: boolean;
  /** The key that does the same in the list, as `aria-keyshortcuts` spells it. */
  shortcut: string;
}

/** The editor's buttons, each acting on the picked tile, with the keyboard shortcut it shares. */
export function OrganizeToolbar({ edits, listId }: { edits: PageOrderEdits; listId: string }) {
  const { tiles, current } = edits;
  const none = !tiles[current];
  const pagesKept = tiles.filter((tile) => tile.entry.kind === 'page').length;
  const lastPage = tiles[current]?.entry.kind === 'page' && pagesKept <= 1;
  const actions: ToolbarAction[] = [
    {
      label: 'Move left',
      Icon: ArrowLeft,
      action: () => edits.move(current, current - 1),
      disabled: current <= 0,
      shortcut: 'Alt+ArrowLeft',
    },
    {
      label: 'Move right',
      Icon: ArrowRight,
      action: () => edits.move(current, current + 1),
      disabled: current >= tiles.length - 1,
      shortcut: 'Alt+ArrowRight',
    },
    {
      label: 'Rotate left',
      Icon: RotateCcw,
      action: () => edits.rotate(current, -90),
      disabled: none,
      shortcut: 'Shift+R',
    },
    { label: 'Rotate right', Icon: RotateCw, action: () => edits.rotate(current, 90), disabled: none, shortcut: 'R' },
    { label: 'Duplicate', Icon: Copy, action: () => edits.duplicate(current), disabled: none, shortcut: 'D' },
    {
      label: 'Delete',
      Icon: Trash2,
      action: () => edits.remove(current),
      disabled: none || lastPage,
      shortcut: 'Delete',
    },
    {
      label: 'Insert blank page',
      Icon: FilePlus2,
      action: () => edits.insertBlank(current),
      disabled: none,
      shortcut: 'B',
    },
    { label: 'Undo', Icon: Undo2, action: () => edits.travel('undo'), disabled: !edits.canUndo, shortcut: 'Control+Z' },
    { label: 'Redo', Icon: Redo2, action: () => edits.travel('redo'), disabled: !edits.canRedo, shortcut: 'Control+Y' },
  ];
  return (
    <div role="toolbar" aria-label="Page actions" aria-controls={listId} className="flex flex-wrap items-center gap-2">
      {actions.map(({ label, Icon, action, disabled, shortcut }) => (
        <Button
          key={label}
          type="button"
          variant="outline"
          size="sm"
          onClick={action}
          disabled={disabled}
          title={`${label} (${shortcut})`}
          aria-keyshortcuts={shortcut}
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
      ))}
      <Button type="button" variant="ghost" size="sm" onClick={edits.reset}>
        Reset
      </Button>
    </div>
  );
}
