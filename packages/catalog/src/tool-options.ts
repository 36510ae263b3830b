import type { z } from 'zod';
import { type ErrorCode, ToolError, isErrorCode } from './errors.js';
import { type ToolId, type ToolOptions, tools } from './tools.js';

/**
 * Validates raw options (form strings or JSON values) against a tool's schema. Empty strings count as absent,
 * as an HTML form sends empty fields. Throws a `ToolError` whose code and message come from the first problem.
 */
export function parseToolOptions<Id extends ToolId>(id: Id, raw: Record<string, unknown>): ToolOptions<Id> {
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== '' && value !== undefined));
  const schema: z.ZodType<ToolOptions<Id>> = tools[id].options as never;
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ToolError(issueCode(issue), issue?.message ?? 'One of the options is not valid.');
}

function issueCode(issue: z.core.$ZodIssue | undefined): ErrorCode {
  if (issue?.code === 'custom') {
    const code: unknown = issue.params?.['errorCode'];
    if (isErrorCode(code)) return code;
  }
  return 'invalid_option';
}
