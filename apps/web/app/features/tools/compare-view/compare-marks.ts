import type { PageBox, PagePair, TextChangeKind } from '@paperknife/catalog/compare-differences';

export type MarkKind = TextChangeKind | 'region';

/** One highlight on one side of a page pair; `id` is shared by the list entry that points at it. */
export interface Mark {
  id: string;
  kind: MarkKind;
  box: PageBox;
}

/** What the list shows for one difference of a pair, and the id of its marks. */
export interface ChangeEntry {
  id: string;
  kind: MarkKind;
  /** The words before and after, where there are words. */
  before?: string;
  after?: string;
}

export const changeId = (pairIndex: number, index: number) => `compare-change-${pairIndex}-${index}`;

/** A pair's differences in reading order: its text changes, then its regions. */
export function pairEntries(pair: PagePair, pairIndex: number): ChangeEntry[] {
  const text = pair.textChanges.map((change, index): ChangeEntry => ({
    id: changeId(pairIndex, index),
    kind: change.kind,
    ...(change.original ? { before: change.original.text } : {}),
    ...(change.changed ? { after: change.changed.text } : {}),
  }));
  const regions = pair.regions.map((_, index): ChangeEntry => ({
    id: changeId(pairIndex, pair.textChanges.length + index),
    kind: 'region',
  }));
  return [...text, ...regions];
}

/** The highlights of one side: changed words where that side has them, and every region. */
export function sideMarks(pair: PagePair, pairIndex: number, side: 'original' | 'changed'): Mark[] {
  const words = pair.textChanges.flatMap((change, index) =>
    (change[side]?.boxes ?? []).map((box): Mark => ({ id: changeId(pairIndex, index), kind: change.kind, box })),
  );
  const regions = pair.regions.map((box, index): Mark => ({
    id: changeId(pairIndex, pair.textChanges.length + index),
    kind: 'region',
    box,
  }));
  return [...words, ...regions];
}
