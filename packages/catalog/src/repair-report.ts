import { parseJsonObject } from './json-header.js';

/**
 * Repair PDF's report: which engine's copy was kept, the pages it holds, and what was wrong with the upload. The
 * engine writes it into one response header as compact JSON; the page reads it back and shows it in the visitor's
 * language (the report holds only ids and counts).
 */

/** The engines Repair PDF tries, in the order it prefers their copies when they recover as much. */
export const repairEngines = ['qpdf', 'mupdf', 'ghostscript'] as const;
export type RepairEngine = (typeof repairEngines)[number];

/** What `qpdf --check` and the page tree's counts found wrong with the upload. */
export const repairProblems = [
  'xref',
  'stream-length',
  'stream-data',
  'objects',
  'page-tree',
  'content',
  'other',
] as const;
export type RepairProblem = (typeof repairProblems)[number];

export interface RepairReport {
  engine: RepairEngine;
  /** Pages in the repaired file. */
  pages: number;
  /** Characters of text its pages hold, as MuPDF reads them. */
  characters: number;
  /** Empty when the upload had nothing wrong: it comes back rewritten. */
  problems: RepairProblem[];
}

export function formatRepairReport(report: RepairReport): string {
  return JSON.stringify(report);
}

/** A header value read back, or undefined when it is not a report. */
export function parseRepairReport(value: string | undefined): RepairReport | undefined {
  const parsed = parseJsonObject(value);
  if (!parsed) return undefined;
  const { engine, pages, characters, problems } = parsed;
  if (!repairEngines.includes(engine as RepairEngine) || typeof pages !== 'number' || !Array.isArray(problems)) {
    return undefined;
  }
  return {
    engine: engine as RepairEngine,
    pages,
    characters: typeof characters === 'number' ? characters : 0,
    problems: problems.filter((problem): problem is RepairProblem => repairProblems.includes(problem as RepairProblem)),
  };
}
