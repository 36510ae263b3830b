import type { PageSpecEntry } from '@paperknife/catalog/page-spec';
import { GripVertical } from 'lucide-react';
import type { CSSProperties } from 'react';
import { cn } from '~/lib/cn';
import { type Tile, tileName } from './organize-tiles';
import { PageThumbnail } from './page-thumbnail';
import type { PdfPages } from './pdf-pages';
import type { TileDrag } from './use-tile-drag';
import { useI18n } from '~/i18n/i18n-context';

export const TILE_THUMB_WIDTH = 96;

/** A page's look without a thumbnail: a blank page, or any page when the PDF cannot be drawn (Tailwind h-32). */
function TilePlaceholder({ entry }: { entry: PageSpecEntry }) {
  const { t } = useI18n();
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex h-32 w-24 items-center justify-center rounded border text-lg font-semibold',
        entry.kind === 'blank' ? 'border-dashed bg-white text-xs text-neutral-600' : 'bg-muted text-muted-foreground',
      )}
      style={{ transform: entry.turn ? `rotate(${entry.turn}deg) scale(0.75)` : undefined }}
    >
      {entry.kind === 'blank' ? t('pages.blank') : entry.page}
    </div>
  );
}

/** One page of the new document as an option of the editor's listbox: thumbnail, position, and a grip to drag. */
export function OrganizeTile({
  tile,
  index,
  count,
  id,
  active,
  pages,
  drag,
  style,
  onPick,
}: {
  tile: Tile;
  index: number;
  /** Tiles in the whole document. */
  count: number;
  id: string;
  active: boolean;
  pages: PdfPages | undefined;
  drag: TileDrag;
  style: CSSProperties;
  onPick: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const { entry } = tile;
  const name = tileName(entry, i18n);
  const { dragged, dropTarget } = drag;
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      aria-posinset={index + 1}
      aria-setsize={count}
      aria-label={
        entry.turn === 0
          ? t('organize.tile', { tile: name, position: index + 1 })
          : t('organize.tileTurned', { tile: name, position: index + 1, degrees: entry.turn })
      }
      draggable={drag.mousePointer}
      onDragStart={(event) => drag.onDragStart(event, index)}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => drag.onDrop(event, index)}
      onDragEnd={drag.onDragEnd}
      onClick={onPick}
      style={style}
      className={cn(
        'absolute flex cursor-grab flex-col items-center gap-1 rounded-md border-2 border-transparent p-1.5 select-none',
        active && 'border-primary bg-primary/10',
        dragged === index && 'opacity-50',
        dropTarget !== undefined && dropTarget !== dragged && index === dropTarget && 'border-dashed border-ring',
      )}
      data-index={index}
      data-entry={entry.kind === 'blank' ? 'blank' : entry.page}
      data-turn={entry.turn}
    >
      <span
        aria-hidden="true"
        className="absolute top-0.5 end-0.5 z-10 flex size-7 cursor-grab touch-none items-center justify-center rounded bg-background/80 text-muted-foreground"
        onPointerDown={(event) => drag.onGripDown(event, index)}
        onPointerMove={drag.onGripMove}
        onPointerUp={drag.onGripUp}
        onPointerCancel={drag.onGripCancel}
        data-drag-grip
      >
        <GripVertical className="size-4" />
      </span>
      {entry.kind === 'page' && pages ? (
        <PageThumbnail pages={pages} pageNumber={entry.page} width={TILE_THUMB_WIDTH} rotation={entry.turn} />
      ) : (
        <TilePlaceholder entry={entry} />
      )}
      <span className="text-sm font-medium">{index + 1}</span>
      <span aria-hidden="true" className="text-xs text-muted-foreground">
        {entry.kind === 'blank' ? t('pages.blank') : t('pages.page', { page: entry.page })}
        {entry.turn === 0 ? '' : ` · ${entry.turn}°`}
      </span>
    </div>
  );
}
