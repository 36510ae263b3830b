import { type DragEvent, type PointerEvent, type RefObject, useState } from 'react';

/** How close to the list's top or bottom edge (CSS px) a finger dragging a page scrolls the list. */
const EDGE_SCROLL_ZONE = 48;

export interface TileDrag {
  /** The index of the tile being dragged. */
  dragged: number | undefined;
  /** Where a page dragged by its grip (touch, pen) would land: the tile under the finger. */
  dropTarget: number | undefined;
  /** Whether tiles are HTML-draggable: only for a mouse (see `onListPointerDown`). */
  mousePointer: boolean;
  onListPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onDragStart: (event: DragEvent<HTMLElement>, index: number) => void;
  onDrop: (event: DragEvent<HTMLElement>, index: number) => void;
  onDragEnd: () => void;
  onGripDown: (event: PointerEvent<HTMLElement>, index: number) => void;
  onGripMove: (event: PointerEvent<HTMLElement>) => void;
  onGripUp: (event: PointerEvent<HTMLElement>) => void;
  onGripCancel: () => void;
}

/**
 * Reordering tiles by dragging: the mouse with HTML drag and drop, touch and pen by a tile's grip with pointer
 * events (touch screens do not start HTML drag and drop). Only the grip stops the finger from scrolling
 * (touch-action: none), so the list still scrolls under a finger anywhere else.
 */
export function useTileDrag(list: RefObject<HTMLElement | null>, move: (from: number, to: number) => void): TileDrag {
  const [dragged, setDragged] = useState<number | undefined>();
  const [dropTarget, setDropTarget] = useState<number | undefined>();
  // Tiles are HTML-draggable for a mouse only: Chrome takes a touch on a draggable element for a possible drag and
  // then drops the click of the taps that follow. Set by the last pointer pressed in the list, before its drag (a
  // mouse press makes the tile draggable before the mouse moves; Chrome looks for a draggable element only then).
  // False until a mouse is seen: a first touch must not land on a draggable tile.
  const [mousePointer, setMousePointer] = useState(false);

  const tileUnder = (x: number, y: number): number | undefined => {
    const tile = globalThis.document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-index]');
    if (!tile || !list.current?.contains(tile)) return undefined;
    return Number(tile.dataset['index']);
  };
  const endDrag = () => {
    setDragged(undefined);
    setDropTarget(undefined);
  };

  return {
    dragged,
    dropTarget,
    mousePointer,
    onListPointerDown: (event) => setMousePointer(event.pointerType === 'mouse'),
    onDragStart: (event, index) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(index));
      setDragged(index);
    },
    onDrop: (event, index) => {
      event.preventDefault();
      if (dragged !== undefined) move(dragged, index);
      setDragged(undefined);
    },
    onDragEnd: () => setDragged(undefined),
    onGripDown: (event, index) => {
      if (event.pointerType === 'mouse' || !event.isPrimary) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      setDragged(index);
      setDropTarget(index);
    },
    onGripMove: (event) => {
      if (dragged === undefined || !event.currentTarget.hasPointerCapture(event.pointerId)) return;
      const box = list.current?.getBoundingClientRect();
      if (box && list.current) {
        if (event.clientY < box.top + EDGE_SCROLL_ZONE) list.current.scrollTop -= EDGE_SCROLL_ZONE / 2;
        else if (event.clientY > box.bottom - EDGE_SCROLL_ZONE) list.current.scrollTop += EDGE_SCROLL_ZONE / 2;
      }
      const over = tileUnder(event.clientX, event.clientY);
      if (over !== undefined) setDropTarget(over);
    },
    onGripUp: (event) => {
      if (dragged === undefined) return;
      const over = tileUnder(event.clientX, event.clientY) ?? dropTarget;
      if (over !== undefined && over !== dragged) move(dragged, over);
      endDrag();
    },
    onGripCancel: endDrag,
  };
}
