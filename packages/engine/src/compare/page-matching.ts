/**
 * Which page of the changed document is which page of the original: pages with the same text (or, without text,
 * the same look) first, then the most similar of the rest, then what is left in place. A page found out of the
 * order the others keep is `moved`.
 */

export interface PageSignature {
  words: readonly string[];
  /** A tiny grayscale picture of the page (the same size for every page), for pages without text. */
  thumbnail: Uint8Array;
}

/** One entry per page pair: 0-based page indexes, null on the side that has no such page. */
export interface PageMatch {
  original: number | null;
  changed: number | null;
  moved: boolean;
}

/** Pages at least this similar are the same page, edited. */
const SAME_PAGE = 0.5;
/** Past this many page pairs to weigh, only pages within NEAR places of each other are weighed. */
const MAX_PAIRS = 250_000;
const NEAR = 50;

/** Share of words two pages have in common (Dice's coefficient over the words as multisets). */
export function wordSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const word of a) counts.set(word, (counts.get(word) ?? 0) + 1);
  let common = 0;
  for (const word of b) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      common++;
      counts.set(word, left - 1);
    }
  }
  return (2 * common) / (a.length + b.length);
}

function thumbnailSimilarity(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - (b[i] ?? 255));
  return 1 - sum / (255 * Math.max(1, a.length));
}

function similarity(a: PageSignature, b: PageSignature): number {
  const aText = a.words.length > 0;
  const bText = b.words.length > 0;
  if (aText !== bText) return 0;
  // Blank-looking pages differ little pixel by pixel; stretch the scale so only near-identical ones pass.
  return aText
    ? wordSimilarity(a.words, b.words)
    : Math.max(0, 1 - (1 - thumbnailSimilarity(a.thumbnail, b.thumbnail)) * 8);
}

/** A key equal for pages that need no further look: same words, or no words and the same coarse picture. */
function exactKey(page: PageSignature): string {
  if (page.words.length > 0) return `t:${page.words.join(' ')}`;
  return `i:${Array.from(page.thumbnail, (value) => value >> 4).join(',')}`;
}

/** Indexes (into `values`) of a longest strictly increasing subsequence. */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = []; // index into values of the smallest tail of each length
  const before = new Array<number>(values.length).fill(-1);
  values.forEach((value, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (values[tails[mid]!]! < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) before[i] = tails[low - 1]!;
    tails[low] = i;
  });
  const kept = new Set<number>();
  for (let i = tails.at(-1) ?? -1; i >= 0; i = before[i]!) kept.add(i);
  return kept;
}

export function matchPages(original: readonly PageSignature[], changed: readonly PageSignature[]): PageMatch[] {
  const partnerOfA = new Array<number>(original.length).fill(-1);
  const partnerOfB = new Array<number>(changed.length).fill(-1);
  const pair = (a: number, b: number) => {
    partnerOfA[a] = b;
    partnerOfB[b] = a;
  };

  // Same pages, paired in order among those sharing a key.
  const waiting = new Map<string, number[]>();
  changed.forEach((page, b) => {
    const key = exactKey(page);
    waiting.set(key, [...(waiting.get(key) ?? []), b]);
  });
  original.forEach((page, a) => {
    const b = waiting.get(exactKey(page))?.shift();
    if (b !== undefined) pair(a, b);
  });

  // Edited pages: the most similar pairs first, the nearer one on a tie. Between two long, mostly different
  // documents every pair would be too many: then only pages at most NEAR places apart are compared.
  const freeA = original.filter((_, a) => partnerOfA[a]! < 0).length;
  const freeB = changed.filter((_, b) => partnerOfB[b]! < 0).length;
  const near = freeA * freeB > MAX_PAIRS ? NEAR : Infinity;
  const candidates: { a: number; b: number; score: number }[] = [];
  original.forEach((pageA, a) => {
    if (partnerOfA[a]! >= 0) return;
    changed.forEach((pageB, b) => {
      if (partnerOfB[b]! >= 0 || Math.abs(a - b) > near) return;
      const score = similarity(pageA, pageB);
      if (score >= SAME_PAGE) candidates.push({ a, b, score });
    });
  });
  candidates.sort((x, y) => y.score - x.score || Math.abs(x.a - x.b) - Math.abs(y.a - y.b));
  for (const { a, b } of candidates) if (partnerOfA[a]! < 0 && partnerOfB[b]! < 0) pair(a, b);

  // The pairs that keep their order are anchors; the others moved.
  const paired = original.flatMap((_, a) => (partnerOfA[a]! >= 0 ? [a] : []));
  const inOrder = longestIncreasing(paired.map((a) => partnerOfA[a]!));
  const anchors = paired.filter((_, i) => inOrder.has(i));
  const moved = new Set(paired.filter((_, i) => !inOrder.has(i)));

  // Pages left over between the same two anchors on both sides are one page rewritten.
  let fromA = 0;
  let fromB = 0;
  for (const anchor of [...anchors, original.length]) {
    const toB = anchor < original.length ? partnerOfA[anchor]! : changed.length;
    const freeA = range(fromA, anchor).filter((a) => partnerOfA[a]! < 0);
    const freeB = range(fromB, toB).filter((b) => partnerOfB[b]! < 0);
    for (let i = 0; i < Math.min(freeA.length, freeB.length); i++) pair(freeA[i]!, freeB[i]!);
    fromA = anchor + 1;
    fromB = toB + 1;
  }

  // The changed document's order, each removed page after the pair of the original page before it.
  const matches: PageMatch[] = changed.map((_, b) => {
    const a = partnerOfB[b]!;
    return { original: a >= 0 ? a : null, changed: b, moved: moved.has(a) };
  });
  original.forEach((_, a) => {
    if (partnerOfA[a]! >= 0) return;
    let at = 0;
    matches.forEach((match, i) => {
      if (match.original !== null && match.original < a && !match.moved) at = i + 1;
    });
    matches.splice(at, 0, { original: a, changed: null, moved: false });
  });
  return matches;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}
