/**
 * The index of the first of `sorted` for which `before` is false, where `before` holds for a leading run of them
 * (items sorted by what it tests), found by halving: `sorted.length` when it holds for all.
 */
export function partitionPoint<T>(sorted: readonly T[], before: (item: T) => boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (before(sorted[middle]!)) low = middle + 1;
    else high = middle;
  }
  return low;
}
