import { formatPageSpec } from '@paperknife/catalog/page-spec';
import { useEffect, useRef, useState } from 'react';
import { type Tile, everyPage, newTile, readOrder, specOf, tileName, toTiles, turned } from './organize-tiles';
import { useI18n } from '~/i18n/i18n-context';

export interface PageOrderEdits {
  tiles: Tile[];
  /** The picked tile's index (-1 only for no tiles). */
  current: number;
  setActive: (index: number) => void;
  /** What the last change did, for screen readers. */
  announcement: string;
  canUndo: boolean;
  canRedo: boolean;
  move: (from: number, to: number) => void;
  rotate: (index: number, by: 90 | -90) => void;
  duplicate: (index: number) => void;
  remove: (index: number) => void;
  insertBlank: (index: number) => void;
  travel: (direction: 'undo' | 'redo') => void;
  reset: () => void;
}

/**
 * The new document's pages as tiles and the edits on them, with undo and redo. The text field stays the one
 * source: every edit writes the compact spec into it (`onOrderChange`), and typing there redraws the tiles.
 */
export function usePageOrderEdits(
  pageCount: number,
  order: string,
  onOrderChange: (spec: string) => void,
): PageOrderEdits {
  const i18n = useI18n();
  const { t } = i18n;
  const [tiles, setTiles] = useState<Tile[]>(() => {
    const read = readOrder(order, pageCount);
    return read ? toTiles(read) : everyPage(pageCount);
  });
  const [history, setHistory] = useState<{ past: Tile[][]; future: Tile[][] }>({ past: [], future: [] });
  const [active, setActive] = useState(0);
  const [announcement, setAnnouncement] = useState('');

  // A blank field, or one left from another file, starts as every page in its own order, so the editor and the
  // field agree from the start.
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current) return;
    filled.current = true;
    if (!readOrder(order, pageCount)) onOrderChange(specOf(tiles));
  }, [order, pageCount, onOrderChange, tiles]);

  // Typing in the field redraws the tiles once the text reads as an order of this PDF.
  useEffect(() => {
    if (order.trim() === '' || order === specOf(tiles)) return;
    const typed = readOrder(order, pageCount);
    if (!typed || formatPageSpec(typed) === specOf(tiles)) return;
    setTiles(toTiles(typed));
    setActive((index) => Math.min(index, typed.length - 1));
    // Only the field's text drives this; the tiles are what it is compared with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order, pageCount]);

  const commit = (next: Tile[], message: string, nextActive: number) => {
    setHistory(({ past }) => ({ past: [...past, tiles], future: [] }));
    setTiles(next);
    setActive(Math.max(0, Math.min(nextActive, next.length - 1)));
    setAnnouncement(message);
    onOrderChange(specOf(next));
  };

  const travel = (direction: 'undo' | 'redo') => {
    const source = direction === 'undo' ? history.past : history.future;
    const target = source[source.length - 1];
    if (!target) return;
    setHistory(({ past, future }) =>
      direction === 'undo'
        ? { past: past.slice(0, -1), future: [...future, tiles] }
        : { past: [...past, tiles], future: future.slice(0, -1) },
    );
    setTiles(target);
    setActive((index) => Math.min(index, target.length - 1));
    setAnnouncement(direction === 'undo' ? t('organize.undone') : t('organize.redone'));
    onOrderChange(specOf(target));
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= tiles.length || from === to) return;
    const next = [...tiles];
    const [tile] = next.splice(from, 1);
    next.splice(to, 0, tile!);
    commit(next, t('organize.moved', { tile: tileName(tile!.entry, i18n), position: to + 1, total: next.length }), to);
  };

  const rotate = (index: number, by: 90 | -90) => {
    const tile = tiles[index];
    if (!tile) return;
    const entry = { ...tile.entry, turn: turned(tile.entry.turn, by) };
    const next = tiles.with(index, { key: tile.key, entry });
    const tileAt = { tile: tileName(entry, i18n), position: index + 1 };
    const said =
      entry.turn === 0 ? t('organize.notTurned', tileAt) : t('organize.turned', { ...tileAt, degrees: entry.turn });
    commit(next, said, index);
  };

  const duplicate = (index: number) => {
    const tile = tiles[index];
    if (!tile) return;
    const next = tiles.toSpliced(index + 1, 0, newTile(tile.entry));
    commit(next, t('organize.copied', { tile: tileName(tile.entry, i18n), position: index + 2 }), index + 1);
  };

  const remove = (index: number) => {
    const tile = tiles[index];
    if (!tile) return;
    const next = tiles.toSpliced(index, 1);
    if (!next.some((other) => other.entry.kind === 'page')) {
      setAnnouncement(t('organize.keepOne'));
      return;
    }
    commit(next, t('organize.removed', { tile: tileName(tile.entry, i18n), position: index + 1 }), index);
  };

  const insertBlank = (index: number) => {
    const next = tiles.toSpliced(index + 1, 0, newTile({ kind: 'blank', turn: 0 }));
    commit(next, t('organize.blankInserted', { position: index + 2 }), index + 1);
  };

  const reset = () => commit(everyPage(pageCount), t('organize.reset.done'), 0);

  return {
    tiles,
    current: Math.min(active, tiles.length - 1),
    setActive,
    announcement,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    move,
    rotate,
    duplicate,
    remove,
    insertBlank,
    travel,
    reset,
  };
}
