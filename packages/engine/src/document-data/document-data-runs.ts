import type { SanitizeReport } from '@paperknife/catalog/sanitize-report';
import type { DocumentDataTasks } from './document-data-tasks.js';
import type { SanitizeDocumentPayload } from './sanitize-document-task.js';
import type { WriteMetadataPayload } from './write-metadata-task.js';
import { mupdfPool } from '../mupdf/pool.js';
import type { ToolContext } from '../jobs/tool-runner.js';

const pool = mupdfPool<DocumentDataTasks>();

const limits = (context: ToolContext) => ({ signal: context.signal, timeoutMs: context.limits.jobTimeoutMs });

/** Remove hidden data's task in the MuPDF pool: the chosen kinds removed, every kind counted. */
export function sanitizeInPool(payload: SanitizeDocumentPayload, context: ToolContext): Promise<SanitizeReport> {
  return pool.run('sanitize-document', payload, limits(context));
}

/** Edit metadata's task in the MuPDF pool. */
export function writeMetadataInPool(payload: WriteMetadataPayload, context: ToolContext): Promise<void> {
  return pool.run('write-metadata', payload, limits(context));
}
