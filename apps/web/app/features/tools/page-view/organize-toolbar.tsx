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
import { useI18n } from '~/i18n/i18n-context';

interface ToolbarAction {
  label: string;
  Icon: LucideIcon;
  action: () => void;
  disabled: boolean;
  /** The key that does the same in the list, as `aria-keyshortcuts` spells it. */
  shortcut: string;
}

/** Key names as a keyboard of the page's language prints them ("Strg+Z"), arrows as arrows. */
function shortcutLabel(shortcut: string, t: (key: string) => string): string {
  const names: Record<string, string> = {
    ArrowLeft: '←',
    ArrowRight: '→',
    Alt: t('keys.alt'),
    Shift: t('keys.shift'),
    Control: t('keys.control'),
    Delete: t('keys.delete'),
  };
  return shortcut
    .split('+')
    .map((key) => names[key] ?? key)
    .join('+');
}

/** The editor's buttons, each acting on the picked tile, with the keyboard shortcut it shares. */
export function OrganizeToolbar({ edits, listId }: { edits: PageOrderEdits; listId: string }) {
  const { t, dir } = useI18n();
  // Earlier in the document is to the left, or to the right in a right-to-left page: the buttons say where it goes.
  const rtl = dir === 'rtl';
  const { tiles, current } = edits;
  const none = !tiles[current];
  const pagesKept = tiles.filter((tile) => tile.entry.kind === 'page').length;
  const lastPage = tiles[current]?.entry.kind === 'page' && pagesKept <= 1;
  const actions: ToolbarAction[] = [
    {
      label: rtl ? t('organize.moveRight') : t('organize.moveLeft'),
      Icon: rtl ? ArrowRight : ArrowLeft,
      action: () => edits.move(current, current - 1),
      disabled: current <= 0,
      shortcut: rtl ? 'Alt+ArrowRight' : 'Alt+ArrowLeft',
    },
    {
      label: rtl ? t('organize.moveLeft') : t('organize.moveRight'),
      Icon: rtl ? ArrowLeft : ArrowRight,
      action: () => edits.move(current, current + 1),
      disabled: current >= tiles.length - 1,
      shortcut: rtl ? 'Alt+ArrowLeft' : 'Alt+ArrowRight',
    },
    {
      label: t('organize.rotateLeft'),
      Icon: RotateCcw,
      action: () => edits.rotate(current, -90),
      disabled: none,
      shortcut: 'Shift+R',
    },
    {
      label: t('organize.rotateRight'),
      Icon: RotateCw,
      action: () => edits.rotate(current, 90),
      disabled: none,
      shortcut: 'R',
    },
    {
      label: t('organize.duplicate'),
      Icon: Copy,
      action: () => edits.duplicate(current),
      disabled: none,
      shortcut: 'D',
    },
    {
      label: t('organize.delete'),
      Icon: Trash2,
      action: () => edits.remove(current),
      disabled: none || lastPage,
      shortcut: 'Delete',
    },
    {
      label: t('organize.insertBlank'),
      Icon: FilePlus2,
      action: () => edits.insertBlank(current),
      disabled: none,
      shortcut: 'B',
    },
    {
      label: t('organize.undo'),
      Icon: Undo2,
      action: () => edits.travel('undo'),
      disabled: !edits.canUndo,
      shortcut: 'Control+Z',
    },
    {
      label: t('organize.redo'),
      Icon: Redo2,
      action: () => edits.travel('redo'),
      disabled: !edits.canRedo,
      shortcut: 'Control+Y',
    },
  ];
  return (
    <div
      role="toolbar"
      aria-label={t('organize.actions')}
      aria-controls={listId}
      className="flex flex-wrap items-center gap-2"
    >
      {actions.map(({ label, Icon, action, disabled, shortcut }) => (
        <Button
          key={label}
          type="button"
          variant="outline"
          size="sm"
          onClick={action}
          disabled={disabled}
          title={`${label} (${shortcutLabel(shortcut, t)})`}
          aria-keyshortcuts={shortcut}
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
      ))}
      <Button type="button" variant="ghost" size="sm" onClick={edits.reset}>
        {t('organize.reset')}
      </Button>
    </div>
  );
}
