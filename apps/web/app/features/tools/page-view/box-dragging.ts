import { type KeyboardEvent, type PointerEvent, type RefObject, useRef } from 'react';
import { MIN_BOX, type PageBox, boxMovedByKey, clamp, insidePage } from './page-box';

/**
 * Pointer dragging and keyboard moves of a box on a page preview: drag the box to move it, drag its corner to
 * resize it; arrow keys move it and Shift with the arrow keys resizes it. Boxes are fractions of the frame.
 */
export function useBoxDragging({
  box,
  frame,
  onBoxChange,
  onDragStart,
}: {
  box: PageBox;
  frame: RefObject<HTMLDivElement | null>;
  onBoxChange: (box: PageBox) => void;
  onDragStart?: () => void;
}) {
  const drag = useRef<{ kind: 'move' | 'resize'; startX: number; startY: number; start: PageBox } | null>(null);
  const startDrag = (kind: 'move' | 'resize') => (event: PointerEvent<HTMLElement>) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    onDragStart?.();
    drag.current = { kind, startX: event.clientX, startY: event.clientY, start: box };
  };
  const moveDrag = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    const rect = frame.current?.getBoundingClientRect();
    if (!current || !rect) return;
    const dx = (event.clientX - current.startX) / rect.width;
    const dy = (event.clientY - current.startY) / rect.height;
    const { start } = current;
    onBoxChange(
      insidePage(
        current.kind === 'move'
          ? { ...start, x: start.x + dx, y: start.y + dy }
          : {
              ...start,
              width: clamp(start.width + dx, MIN_BOX, 1 - start.x),
              height: clamp(start.height + dy, MIN_BOX, 1 - start.y),
            },
      ),
    );
  };
  const endDrag = () => {
    drag.current = null;
  };
  /** Moves or resizes the box for an arrow key; false when the key does neither. */
  const moveByKey = (event: KeyboardEvent<HTMLElement>): boolean => {
    const moved = boxMovedByKey(event, box);
    if (!moved) return false;
    event.preventDefault();
    onBoxChange(insidePage(moved));
    return true;
  };
  return { startDrag, moveDrag, endDrag, moveByKey };
}
