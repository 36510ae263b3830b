/**
 * A box drawn on a page preview, as fractions of the page as shown from its top-left corner: Crop PDF's area and
 * Sign PDF's signature, kept on the page and moved or resized by the arrow keys alike.
 */
export interface PageBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest box kept: 3 % of the page each way. */
export const MIN_BOX = 0.03;
/** One arrow key press: 1 % of the page. */
const KEY_STEP = 0.01;

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The box kept on the page and at least MIN_BOX large. */
export function insidePage(box: PageBox): PageBox {
  const width = clamp(box.width, MIN_BOX, 1);
  const height = clamp(box.height, MIN_BOX, 1);
  return { x: clamp(box.x, 0, 1 - width), y: clamp(box.y, 0, 1 - height), width, height };
}

const arrowSteps: Record<string, [number, number]> = {
  ArrowLeft: [-KEY_STEP, 0],
  ArrowRight: [KEY_STEP, 0],
  ArrowUp: [0, -KEY_STEP],
  ArrowDown: [0, KEY_STEP],
};

/** The box an arrow key moves, or with Shift resizes (its size kept within the page); undefined for other keys. */
export function boxMovedByKey(key: { key: string; shiftKey: boolean }, box: PageBox): PageBox | undefined {
  const step = arrowSteps[key.key];
  if (!step) return undefined;
  const [dx, dy] = step;
  return key.shiftKey
    ? { ...box, width: Math.min(box.width + dx, 1 - box.x), height: Math.min(box.height + dy, 1 - box.y) }
    : { ...box, x: box.x + dx, y: box.y + dy };
}
