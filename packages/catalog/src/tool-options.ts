import { z } from 'zod';
import { type ErrorCode, ToolError, isErrorCode } from './errors.js';
import type { ResponseHeader, ToolEntry } from './tool-entry.js';
import { type ToolId, type ToolOptions, tools } from './tools.js';

/**
 * Validates raw options (form strings or JSON values) against a tool's schema. Empty strings count as absent,
 * as an HTML form sends empty fields. Throws a `ToolError` whose code and message come from the first problem.
 */
export function parseToolOptions<Id extends ToolId>(id: Id, raw: Record<string, unknown>): ToolOptions<Id> {
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== '' && value !== undefined));
  const result = optionsSchema(id).safeParse(present);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ToolError(issueCode(issue), issue?.message ?? 'One of the options is not valid.');
}

/**
 * A tool's options schema, typed by the tool's id. `tools[id].options` is the schema whose output `ToolOptions<Id>`
 * names, but for a generic `Id` the compiler sees every tool's schema at once (their union), so this one assertion
 * says what the index holds. Every caller gets its options typed by the id it passed.
 */
function optionsSchema<Id extends ToolId>(id: Id): z.ZodType<ToolOptions<Id>> {
  const schema: z.ZodType = tools[id].options;
  return schema as z.ZodType<ToolOptions<Id>>;
}

/**
 * What one option field's schema says about a value from the form (blank counts as absent): the error code and
 * message of its first problem, or undefined when it accepts the value.
 */
export function fieldProblem(
  field: z.ZodType,
  raw: string | undefined,
): { code: ErrorCode; message: string } | undefined {
  const result = field.safeParse(raw === '' ? undefined : raw);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return { code: issueCode(issue), message: issue?.message ?? 'This option is not valid.' };
}

function issueCode(issue: z.core.$ZodIssue | undefined): ErrorCode {
  if (issue?.code === 'custom') {
    const code: unknown = issue.params?.['errorCode'];
    if (isErrorCode(code)) return code;
  }
  return 'invalid_option';
}

/** A JSON Schema object, as zod writes it. */
export type JsonSchema = Record<string, unknown>;

/**
 * What a client sends for a tool's options, as JSON Schema (draft 2020-12, input side) from the catalogue's zod
 * schema, with the fields the tool insists on. Those are written as optional fields plus a check (so a blank form
 * field gets its own message): an empty request tells which they are, less those only some choices need.
 */
export function optionsJsonSchema(id: ToolId): { properties: Record<string, JsonSchema>; required: string[] } {
  const schema = tools[id].options;
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' });
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const empty = schema.safeParse({});
  // A field the whole schema asks for only beside some values of another (sign's picture, not needed without
  // one) accepts being absent on its own: not listed as required.
  const shape: Record<string, z.ZodType> = schema.shape;
  const required = empty.success
    ? []
    : [...new Set(empty.error.issues.map((issue) => String(issue.path[0] ?? '')))].filter(
        (key) => key in properties && shape[key] !== undefined && fieldProblem(shape[key], undefined) !== undefined,
      );
  return { properties, required };
}

/** Headers a tool's answer carries besides the file's own (compress: the sizes before and after). */
export function toolResponseHeaders(id: ToolId): readonly ResponseHeader[] {
  const tool: ToolEntry = tools[id];
  return tool.responseHeaders ?? [];
}
