import type { Translator } from '@paperknife/i18n/translator';
import {
  type PageSpecEntry,
  type PageTurn,
  formatPageSpec,
  identityPageSpec,
  organizePages,
} from '@paperknife/catalog/page-spec';

/** A page of the new document with a key that survives moves, so its thumbnail is not drawn again. */
export interface Tile {
  key: number;
  entry: PageSpecEntry;
}

let nextKey = 1;
export const newTile = (entry: PageSpecEntry): Tile => ({ key: nextKey++, entry });
export const toTiles = (entries: readonly PageSpecEntry[]): Tile[] => entries.map(newTile);
export const everyPage = (pageCount: number): Tile[] => toTiles(identityPageSpec(pageCount));
export const specOf = (tiles: readonly Tile[]) => formatPageSpec(tiles.map((tile) => tile.entry));

export const turned = (turn: PageTurn, by: number): PageTurn => ((((turn + by) % 360) + 360) % 360) as PageTurn;
export const tileName = (entry: PageSpecEntry, { t }: Pick<Translator, 't'>) =>
  entry.kind === 'blank' ? t('pages.blankPage') : t('pages.page', { page: entry.page });

/** The order the text spells for this document, or undefined while it does not read (mid-typing, a page too far). */
export function readOrder(text: string, pageCount: number): PageSpecEntry[] | undefined {
  try {
    return organizePages(text, pageCount);
  } catch {
    return undefined;
  }
}
