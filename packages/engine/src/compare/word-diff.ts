import type { TextChangeKind } from '@paperknife/catalog/compare-differences';

/** A run of words that differs: `[from, to)` in each sequence; an empty range where that side has none. */
export interface WordHunk {
  kind: TextChangeKind;
  original: { from: number; to: number };
  changed: { from: number; to: number };
}

/**
 * Past this many words inserted plus deleted between the common start and end, the rest is reported as one change:
 * Myers' search grows with the square of the edits, and two pages that far apart have no useful word-level diff.
 */
const MAX_EDITS = 3000;

type Step = 'equal' | 'delete' | 'insert';

/**
 * The shortest edit script from `a` to `b` (Myers' O(ND) algorithm), as steps in order, or undefined past
 * `MAX_EDITS`. Each round keeps only its own diagonals, so memory grows with D squared, not with D times N.
 */
function shortestEdits(a: readonly string[], b: readonly string[]): Step[] | undefined {
  const n = a.length;
  const m = b.length;
  const trace: Int32Array[] = [];
  let prev = new Int32Array(0);
  for (let d = 0; d <= Math.min(n + m, MAX_EDITS); d++) {
    const furthest = new Int32Array(2 * d + 1); // by diagonal k = x - y, at index k + d
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (d === 0) x = 0;
      else if (k === -d || (k !== d && prev[k - 1 + d - 1]! < prev[k + 1 + d - 1]!)) x = prev[k + 1 + d - 1]!;
      else x = prev[k - 1 + d - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      furthest[k + d] = x;
      if (x >= n && y >= m) {
        trace.push(furthest);
        return walkBack(trace, n, m);
      }
    }
    trace.push(furthest);
    prev = furthest;
  }
  return undefined;
}

function walkBack(trace: readonly Int32Array[], n: number, m: number): Step[] {
  const steps: Step[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const prev = trace[d - 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && prev[k - 1 + d - 1]! < prev[k + 1 + d - 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = prev[prevK + d - 1]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      steps.push('equal');
      x--;
      y--;
    }
    steps.push(down ? 'insert' : 'delete');
    if (down) y--;
    else x--;
  }
  for (; x > 0 && y > 0; x--, y--) steps.push('equal');
  return steps.reverse();
}

/**
 * The words that differ between two sequences, as runs: a run only deleted, only inserted, or both at one place
 * (`changed`). The common start and end are set aside first, so a long page with a one-word edit costs little.
 */
export function diffWords(a: readonly string[], b: readonly string[]): WordHunk[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  if (middleA.length === 0 && middleB.length === 0) return [];
  const steps = shortestEdits(middleA, middleB) ?? [
    ...middleA.map((): Step => 'delete'),
    ...middleB.map((): Step => 'insert'),
  ];

  const hunks: WordHunk[] = [];
  let x = start;
  let y = start;
  let open: { fromA: number; fromB: number } | undefined;
  const close = () => {
    if (!open) return;
    const kind: TextChangeKind = x === open.fromA ? 'inserted' : y === open.fromB ? 'deleted' : 'changed';
    hunks.push({ kind, original: { from: open.fromA, to: x }, changed: { from: open.fromB, to: y } });
    open = undefined;
  };
  for (const step of steps) {
    if (step === 'equal') {
      close();
      x++;
      y++;
      continue;
    }
    open ??= { fromA: x, fromB: y };
    if (step === 'delete') x++;
    else y++;
  }
  close();
  return hunks;
}
