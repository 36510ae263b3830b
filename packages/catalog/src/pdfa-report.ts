/**
 * PDF to PDF/A's conformance report: each requirement of the chosen level checked on the output, its outcome, and
 * what was changed to meet it. The engine writes it into one response header as compact JSON; the page reads it back
 * and shows it as a list in the visitor's language (the texts are message keys, the report holds only ids and counts).
 */

/** The PDF/A levels the tool writes: part 1, 2 or 3, conformance B (the visual appearance is preserved). */
export const pdfaLevels = ['1b', '2b', '3b'] as const;
export type PdfaLevel = (typeof pdfaLevels)[number];

/** The requirements checked on every output, in the order the report lists them. */
export const pdfaCheckIds = [
  'identification',
  'output-intent',
  'fonts-embedded',
  'no-encryption',
  'no-scripts',
  'attachments',
  'no-transparency',
  'document-id',
] as const;
export type PdfaCheckId = (typeof pdfaCheckIds)[number];

export interface PdfaCheck {
  id: PdfaCheckId;
  /** The output meets the requirement. */
  ok: boolean;
  /**
   * What was changed to meet it, as a count of the things changed (scripts removed, attached files removed or kept,
   * pages flattened) or 1 for a change made once (identification written, profile added, restrictions removed).
   * 0 or absent: the upload met it already.
   */
  changed?: number;
  /** Fonts that were not embedded in the upload and were replaced by similar embedded ones (`fonts-embedded`). */
  fonts?: string[];
}

export interface PdfaReport {
  level: PdfaLevel;
  /** Every check passed: the output is a PDF/A file of `level`, as far as these checks can tell. */
  conforms: boolean;
  checks: PdfaCheck[];
}

/** Font names the report lists at most: the header stays small. */
export const MAX_REPORTED_FONTS = 20;

/** The report as a header value: JSON in printable ASCII (font names are bytes in a PDF). */
export function formatPdfaReport(report: PdfaReport): string {
  return JSON.stringify(report).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A header value read back, or undefined when it is not a report (an old server, a proxy that mangled it). */
export function parsePdfaReport(value: string | undefined): PdfaReport | undefined {
  if (!value) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { level, conforms, checks } = parsed as Record<string, unknown>;
  if (!pdfaLevels.includes(level as PdfaLevel) || typeof conforms !== 'boolean' || !Array.isArray(checks)) {
    return undefined;
  }
  const known = checks.filter(
    (check): check is PdfaCheck =>
      typeof check === 'object' &&
      check !== null &&
      pdfaCheckIds.includes((check as PdfaCheck).id) &&
      typeof (check as PdfaCheck).ok === 'boolean',
  );
  return { level: level as PdfaLevel, conforms, checks: known };
}
