/** A rectangle of an image, in pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A sheet smaller than this share of the photo is not a clear page; one larger leaves nothing to crop. */
const MIN_SHEET_SHARE = 0.2;
const MAX_SHEET_SHARE = 0.98;

/**
 * The sheet of paper in a photo, from a small grey copy of it: the pixels brighter than Otsu's threshold, their
 * largest 4-connected region, and that region's bounding box. Undefined when no clear page stands out, so the
 * photo is kept whole rather than cut wrongly.
 */
export function findSheet(grey: Uint8Array, width: number, height: number): Box | undefined {
  const threshold = otsuThreshold(greyHistogram(grey, width, { left: 0, top: 0, width, height }));
  const bright = new Uint8Array(grey.length);
  for (let i = 0; i < grey.length; i++) bright[i] = grey[i]! > threshold ? 1 : 0;
  const sheet = largestRegion(bright, width, height);
  if (!sheet) return undefined;
  const share = (sheet.width * sheet.height) / (width * height);
  return share < MIN_SHEET_SHARE || share > MAX_SHEET_SHARE ? undefined : sheet;
}

/** How many pixels of each grey level lie in the box. */
export function greyHistogram(grey: Uint8Array, width: number, box: Box): Float64Array {
  const histogram = new Float64Array(256);
  for (let y = box.top; y < box.top + box.height; y++) {
    for (let x = box.left; x < box.left + box.width; x++) histogram[grey[y * width + x]!]!++;
  }
  return histogram;
}

/** The grey level that best splits the pixels in two classes (Otsu 1979: most variance between the classes). */
export function otsuThreshold(histogram: Float64Array): number {
  let count = 0;
  let total = 0;
  for (let level = 0; level < 256; level++) {
    count += histogram[level]!;
    total += level * histogram[level]!;
  }
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let bestVariance = -1;
  for (let level = 0; level < 256; level++) {
    below += histogram[level]!;
    belowSum += level * histogram[level]!;
    const above = count - below;
    if (below === 0 || above === 0) continue;
    const difference = belowSum / below - (total - belowSum) / above;
    const variance = below * above * difference * difference;
    if (variance > bestVariance) [best, bestVariance] = [level, variance];
  }
  return best;
}

/** The bounding box of the largest 4-connected region of set pixels, by pixel count. */
function largestRegion(mask: Uint8Array, width: number, height: number): Box | undefined {
  const seen = new Uint8Array(mask.length);
  const queue = new Int32Array(mask.length);
  let best: (Box & { size: number }) | undefined;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    seen[start] = 1;
    let [minX, minY, maxX, maxY] = [width, height, 0, 0];
    while (head < tail) {
      const at = queue[head++]!;
      const x = at % width;
      const y = (at - x) / width;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      const visit = (next: number) => {
        if (mask[next] && !seen[next]) {
          seen[next] = 1;
          queue[tail++] = next;
        }
      };
      if (x > 0) visit(at - 1);
      if (x < width - 1) visit(at + 1);
      if (y > 0) visit(at - width);
      if (y < height - 1) visit(at + width);
    }
    if (!best || tail > best.size) {
      best = { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1, size: tail };
    }
  }
  return best && { left: best.left, top: best.top, width: best.width, height: best.height };
}
