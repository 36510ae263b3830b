import { parseJsonObject } from './json-header.js';

/**
 * Remove hidden data's choices, each an option of the same name, and its report: for each kind of data, how many
 * were found and how many removed. The engine writes the report into one response header as compact JSON; the page
 * lists it under the options' own labels.
 */
export const sanitizeKinds = [
  'javascript',
  'attachments',
  'metadata',
  'hiddenLayers',
  'annotations',
  'formFields',
  'links',
] as const;
export type SanitizeKind = (typeof sanitizeKinds)[number];

export interface SanitizeCount {
  kind: SanitizeKind;
  found: number;
  /** 0 when the kind was not chosen: what was found is kept. */
  removed: number;
}

/** Every kind, in `sanitizeKinds` order, found in the upload. */
export interface SanitizeReport {
  counts: SanitizeCount[];
}

export function formatSanitizeReport(report: SanitizeReport): string {
  return JSON.stringify(report);
}

export function parseSanitizeReport(value: string | undefined): SanitizeReport | undefined {
  const parsed = parseJsonObject(value);
  if (!parsed || !Array.isArray(parsed['counts'])) return undefined;
  const counts = (parsed['counts'] as unknown[]).filter(
    (count): count is SanitizeCount =>
      typeof count === 'object' &&
      count !== null &&
      sanitizeKinds.includes((count as SanitizeCount).kind) &&
      typeof (count as SanitizeCount).found === 'number' &&
      typeof (count as SanitizeCount).removed === 'number',
  );
  return { counts };
}
