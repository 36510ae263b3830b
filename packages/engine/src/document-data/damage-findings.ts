import { type RepairProblem, repairProblems } from '@paperknife/catalog/repair-report';
import type { PageCounts } from '../programs/qpdf.js';

/**
 * What was wrong with an upload, from `qpdf --check`'s messages and the page tree's counts: one id per kind of
 * damage, in the report's order. qpdf words its warnings the same way across files, so each kind is a pattern.
 */
const patterns: readonly [RepairProblem, RegExp][] = [
  ['xref', /xref|cross-reference|startxref|reconstructing|file is damaged|trailer/i],
  ['stream-length', /stream length|\/Length|expected endstream/i],
  ['stream-data', /decoding stream data|decompress|inflate|stream data/i],
  ['page-tree', /pages tree|page tree|\/Count|\/Kids|\/Type \/Pages/i],
  ['content', /content stream|parse error while reading|inline image/i],
  ['objects', /object|expected endobj|dictionary|unexpected|invalid/i],
];

export function damageFindings(messages: string, pages: PageCounts | undefined): RepairProblem[] {
  const found = new Set<RepairProblem>();
  const lines = messages
    .split('\n')
    .filter(
      (line) =>
        /^(WARNING|ERROR|qpdf):|error|damaged/i.test(line) &&
        !/^No syntax or stream|cannot detect|succeeded with warnings/.test(line),
    );
  for (const line of lines) {
    const match = patterns.find(([, pattern]) => pattern.test(line));
    found.add(match ? match[0] : 'other');
  }
  // A file qpdf could not open at all has no counts (-1): its damage is elsewhere.
  if (pages && pages.declared >= 0 && pages.walked !== pages.declared) found.add('page-tree');
  return repairProblems.filter((problem) => found.has(problem));
}
