import { z } from 'zod';
import type { ErrorCode } from './errors.js';
import { parsePageRanges } from './page-ranges.js';
import { ToolError, errorCodes } from './errors.js';
import { type PagePicking, formFields } from './form-fields.js';
import { PASSWORD_MIN_LENGTH } from './password-rules.js';

/**
 * Building blocks of the tools' option schemas. Every field accepts what a JSON client sends (numbers,
 * booleans) and what an HTML form sends (strings), and produces one typed value for the engine.
 * A check can name a catalogue error code in `params.errorCode`; `parseToolOptions` reports it.
 */

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

interface NumberSpec {
  label: string;
  min: number;
  max: number;
  default?: number;
  integer?: boolean;
}

function numberPipe(spec: NumberSpec) {
  const range = `${spec.label} must be between ${spec.min} and ${spec.max}.`;
  let number = z
    .number({ error: `${spec.label} must be a number.` })
    .min(spec.min, range)
    .max(spec.max, range);
  if (spec.integer) number = number.int(`${spec.label} must be a whole number.`);
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(NUMBER)
          .transform((raw) => Number(raw)),
      ],
      { error: `${spec.label} must be a number.` },
    )
    .pipe(number);
}

/** A number from JSON or a form string; with a default its parsed type is `number`, without one optional. */
export function numberField(spec: NumberSpec & { default: number }): z.ZodDefault<ReturnType<typeof numberPipe>>;
export function numberField(spec: NumberSpec): z.ZodOptional<ReturnType<typeof numberPipe>>;
export function numberField(spec: NumberSpec) {
  const field = numberPipe(spec);
  const description = `${spec.label}, ${spec.min} to ${spec.max}.`;
  if (spec.default === undefined) return field.optional().meta({ description });
  return field.default(spec.default).meta({ description: `${description} Default ${spec.default}.` });
}

export function booleanField(label: string, fallback: boolean) {
  return z
    .union([z.boolean(), z.enum(['true', 'false']).transform((raw) => raw === 'true')], {
      error: `${label} must be true or false.`,
    })
    .default(fallback)
    .meta({ description: `${label}: true or false. Default ${fallback}.` });
}

export function enumField<const T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
  fallback: T[number],
) {
  return z
    .enum(values, { error: `${label} must be one of: ${values.join(', ')}.` })
    .default(fallback)
    .meta({ description: `${label}: ${values.join(', ')}. Default ${fallback}.` });
}

/** A required text field: blank after trimming counts as missing. */
export function requiredText(options: { missing: string; maxLength: number; label: string; code?: ErrorCode }) {
  return z
    .string({ error: `${options.label} must be text.` })
    .trim()
    .max(options.maxLength, `${options.label} can be at most ${options.maxLength} characters.`)
    .optional()
    .superRefine((value, ctx) => {
      if (!value) ctx.addIssue({ code: 'custom', message: options.missing, params: errorCode(options.code) });
    })
    .transform((value) => value ?? '');
}

function errorCode(code: ErrorCode | undefined) {
  return code ? { errorCode: code } : undefined;
}

function pageRangeCheck(value: string, ctx: z.RefinementCtx) {
  try {
    parsePageRanges(value);
  } catch (error) {
    const message = error instanceof ToolError ? error.message : 'The page range is not valid.';
    ctx.addIssue({ code: 'custom', message, params: { errorCode: 'invalid_page_range' } });
  }
}

/** A page range such as `1-3,5,7-`: syntax checked here; the page count is checked by the engine. */
export function requiredPageRange(missing: string) {
  return z
    .string({ error: 'The page range must be text.' })
    .trim()
    .max(1000, 'The page range is too long.')
    .optional()
    .superRefine((value, ctx) => {
      if (!value) {
        ctx.addIssue({ code: 'custom', message: missing, params: { errorCode: 'invalid_page_range' } });
        return;
      }
      pageRangeCheck(value, ctx);
    })
    .transform((value) => value ?? '')
    .meta({ description: 'Pages such as 1-3,5,7- (1-based; N- runs to the last page).' });
}

/** An optional page range; absent means every page. */
export function optionalPageRange() {
  return z
    .string()
    .trim()
    .max(1000, 'The page range is too long.')
    .superRefine((value, ctx) => {
      if (value !== '') pageRangeCheck(value, ctx);
    })
    .optional()
    .meta({ description: 'Pages such as 1-3,5,7- (1-based). Default: every page.' });
}

export function hexColorField(fallback: `#${string}`) {
  return z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex value such as #808080.')
    .transform((value) => value.toLowerCase())
    .default(fallback)
    .meta({ description: `Colour as #rrggbb. Default ${fallback}.` });
}

/** The protect password: required, at least PASSWORD_MIN_LENGTH characters, never trimmed. */
export function newPasswordField() {
  return z
    .string()
    .max(256, 'The password can be at most 256 characters.')
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined || value === '') {
        ctx.addIssue({
          code: 'custom',
          message: 'Please enter a password to protect your PDF.',
          params: { errorCode: 'password_required' },
        });
      } else if (value.length < PASSWORD_MIN_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          message: errorCodes.password_too_short.message,
          params: { errorCode: 'password_too_short' },
        });
      }
    })
    .transform((value) => value ?? '')
    .meta({ description: `Password, at least ${PASSWORD_MIN_LENGTH} characters.` });
}

/** Which pages get a stamp (watermark, page numbers): every page unless the visitor lists some. */
export function pagesToStampField() {
  return optionalPageRange().register(formFields, {
    label: 'Pages',
    control: { kind: 'text' },
    placeholder: 'All pages',
    hint: 'Page numbers and ranges, e.g. 1-3,5,7-9. Leave empty for every page.',
  });
}

/**
 * The required page range of a tool that works on the pages the user names (extract, delete): the seed's text
 * field and its messages, cleared after a success, also picked on the dropped file's thumbnails.
 */
export function pagesToPickField(spec: { missing: string; label: string; hint: string; pickPages: PagePicking }) {
  return requiredPageRange(spec.missing).register(formFields, {
    label: spec.label,
    control: { kind: 'text' },
    placeholder: '1-3,5,7-9',
    hint: spec.hint,
    whenBlank: 'disables-action',
    missingTitle: 'No pages specified',
    clearedAfterSuccess: true,
    pickPages: spec.pickPages,
  });
}
