import { MAX_REPORTED_FONTS, type PdfaCheck, type PdfaLevel, type PdfaReport } from '@paperknife/catalog/pdfa-report';
import type { DocumentFacts } from './document-facts.js';

/**
 * The conformance report: each requirement of `level` checked on the output's facts, and what was changed to meet
 * it, from the upload's facts. A requirement the output does not meet makes the report say the file does not
 * conform, whatever its metadata claims.
 */
export function conformanceReport(
  level: PdfaLevel,
  upload: DocumentFacts & { encryptedUpload: boolean },
  output: DocumentFacts,
): PdfaReport {
  const part = Number(level[0]);
  const identified = (facts: DocumentFacts) => facts.pdfaId?.part === part && facts.pdfaId.conformance === 'B';
  const fontsOk = output.unembeddedFonts.length === 0;
  const checks: PdfaCheck[] = [
    { id: 'identification', ok: identified(output), changed: identified(upload) ? 0 : 1 },
    { id: 'output-intent', ok: output.outputIntent, changed: upload.outputIntent ? 0 : 1 },
    {
      id: 'fonts-embedded',
      ok: fontsOk,
      changed: upload.unembeddedFonts.length,
      // Met: the fonts that were replaced; not met: the ones still missing.
      fonts: (fontsOk ? upload.unembeddedFonts : output.unembeddedFonts).slice(0, MAX_REPORTED_FONTS),
    },
    { id: 'no-encryption', ok: !output.encrypted, changed: upload.encryptedUpload ? 1 : 0 },
    { id: 'no-scripts', ok: output.forbiddenActions === 0, changed: upload.forbiddenActions },
    level === '3b'
      ? { id: 'attachments', ok: output.unmarkedAttachments === 0, changed: output.attachments }
      : { id: 'attachments', ok: output.attachments === 0, changed: upload.attachments },
    ...(level === '1b'
      ? [{ id: 'no-transparency', ok: !output.transparency, changed: upload.transparentPages } as const]
      : []),
    { id: 'document-id', ok: output.documentId, changed: upload.documentId ? 0 : 1 },
  ];
  return { level, conforms: checks.every((check) => check.ok), checks };
}
