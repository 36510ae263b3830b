import { z } from 'zod';
import { type Choice, type FormFieldMeta, type PageOnlyField, formFields } from './form-fields.js';
import type { ToolEntry } from './tool-entry.js';
import { type ToolId, toolIds, tools } from './tools.js';

/**
 * A tool's options as its page shows them, read from the catalogue: the option fields with their form metadata
 * in schema order, each page-only control right after the field it follows. Form values are strings and
 * booleans, as a form sends them, in page units.
 */

export interface FormControl {
  name: string;
  meta: FormFieldMeta;
  /** The option's schema; absent for a page-only control. */
  schema?: z.ZodType;
  pageOnly?: PageOnlyField;
}

export type FormValue = string | boolean;

const controlsByTool = new Map<ToolId, readonly FormControl[]>();

export function formControls(id: ToolId): readonly FormControl[] {
  const known = controlsByTool.get(id);
  if (known) return known;
  const tool: ToolEntry = tools[id];
  const pageOnly = Object.entries(tool.pageOnlyFields ?? {});
  const controls: FormControl[] = [];
  for (const [name, schema] of Object.entries(tool.options.shape as Record<string, z.ZodType>)) {
    const meta = formFields.get(schema);
    if (!meta) throw new Error(`${id}: the option "${name}" has no form metadata (register it with formFields).`);
    controls.push({ name, meta, schema });
    for (const [extraName, extra] of pageOnly) {
      if (extra.after === name) controls.push({ name: extraName, meta: extra, pageOnly: extra });
    }
  }
  controlsByTool.set(id, controls);
  return controls;
}

/** A field's value with its wrappers (default, optional, pipes, unions) looked through, depth first. */
function findInside<T extends z.ZodType>(schema: z.ZodType, match: (inner: z.ZodType) => inner is T): T | undefined {
  if (match(schema)) return schema;
  let inner: z.ZodType[] = [];
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional) inner = [schema.unwrap() as z.ZodType];
  else if (schema instanceof z.ZodPipe) inner = [schema.in as z.ZodType, schema.out as z.ZodType];
  else if (schema instanceof z.ZodUnion) inner = [...(schema.options as z.ZodType[])];
  for (const candidate of inner) {
    const found = findInside(candidate, match);
    if (found) return found;
  }
  return undefined;
}

const isBoundedNumber = (schema: z.ZodType): schema is z.ZodNumber =>
  schema instanceof z.ZodNumber && Number.isFinite(schema.minValue) && Number.isFinite(schema.maxValue);

/** The bounds of a number field, as the API takes it. */
export function numberBounds(schema: z.ZodType): { min: number; max: number } | undefined {
  const number = findInside(schema, isBoundedNumber);
  return number ? { min: number.minValue ?? 0, max: number.maxValue ?? 0 } : undefined;
}

// 0.1 * 100 is 10.000000000000002 in floating point; page values are short decimals.
const toPage = (value: number, scale = 1) => Math.round(value * scale * 1e6) / 1e6;

/** A slider's bounds and step in page units: the page's own range, or the schema's bounds scaled. */
export function sliderRange(control: FormControl): { min: number; max: number; step: number } {
  const { meta, schema } = control;
  if (meta.control.kind !== 'slider') throw new Error(`${control.name} is not a slider.`);
  const bounds = meta.control.pageRange ?? (schema && numberBounds(schema));
  if (!bounds) throw new Error(`${control.name}: a slider needs number bounds.`);
  const scale = meta.control.pageRange ? 1 : meta.pageScale;
  return { min: toPage(bounds.min, scale), max: toPage(bounds.max, scale), step: meta.control.step };
}

/** "top-left" as "Top Left". */
const wordsOf = (value: string) =>
  value
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** A select's choices: its own, or the schema's enum values. */
export function selectChoices(control: FormControl): readonly Choice[] {
  const { meta, schema } = control;
  if (meta.control.kind !== 'select') throw new Error(`${control.name} is not a select.`);
  if (meta.control.choices) return meta.control.choices;
  const values = schema && findInside(schema, (inner): inner is z.ZodEnum => inner instanceof z.ZodEnum)?.options;
  if (!values) throw new Error(`${control.name}: a select needs choices or an enum schema.`);
  return values.map((value) => ({ value: String(value), label: wordsOf(String(value)) }));
}

/** The schema's default for a field (its output for an absent value), if it has one. */
export function schemaDefault(schema: z.ZodType): unknown {
  const result = schema.safeParse(undefined);
  return result.success ? result.data : undefined;
}

/** The value a control starts with: the schema's default in page units, else the page's preset, else blank. */
export function initialValue(control: FormControl): FormValue {
  const { meta, schema } = control;
  const fallback = schema ? schemaDefault(schema) : undefined;
  if (typeof fallback === 'boolean') return fallback;
  if (typeof fallback === 'number') return String(toPage(fallback, meta.pageScale));
  if (typeof fallback === 'string') return fallback;
  return meta.initial ?? '';
}

export function initialFormValues(id: ToolId): Record<string, FormValue> {
  return Object.fromEntries(formControls(id).map((control) => [control.name, initialValue(control)]));
}

/**
 * Numbers the site's content may quote about the option controls, in page units, by tool, field and fact:
 * `{ 'watermark-pdf': { fontSize: { min: 8, max: 72, default: 24 }, color: { default: '#808080' } } }`.
 */
export function optionFacts(): Record<string, Record<string, Record<string, string | number>>> {
  return Object.fromEntries(
    toolIds.map((id) => [
      id,
      Object.fromEntries(
        formControls(id)
          .filter((control) => control.schema)
          .map((control) => {
            const facts: Record<string, string | number> = {};
            if (control.meta.control.kind === 'slider') {
              const { min, max } = sliderRange(control);
              Object.assign(facts, { min, max });
            }
            const start = initialValue(control);
            if (typeof start === 'string' && start !== '') facts['default'] = start;
            return [control.name, facts];
          }),
      ),
    ]),
  );
}
