import { z } from 'zod';
import type { ErrorCode } from './errors.js';

/**
 * How an option field appears on its tool page: the metadata each field of a tool's zod schema is registered
 * with (`field.register(formFields, {...})`), read by the site to render the controls, fill the form and run the
 * seed's checks with no per-tool code. Its own registry rather than `.meta()`, whose keys zod copies into the
 * JSON Schema (and so into the public OpenAPI document).
 */

export interface Choice {
  value: string;
  label: string;
}

export type FieldControl =
  /** A drop-down; without `choices`, the schema's enum values with their words capitalised ("Top Left"). */
  | { kind: 'select'; choices?: readonly Choice[] }
  | { kind: 'radio-cards'; choices: readonly (Choice & { description: string })[] }
  /** Several of a list, held and sent as one string joined with `joiner` (OCR's languages: `eng+deu`). */
  | { kind: 'checkboxes'; choices: readonly Choice[]; joiner: string }
  /** Bounds from the schema (in page units), or `pageRange` where the page offers less than the API takes. */
  | { kind: 'slider'; step: number; unit?: string; pageRange?: { min: number; max: number } }
  | { kind: 'text' }
  | { kind: 'number' }
  | { kind: 'password'; autoComplete: 'new-password' | 'current-password' }
  | { kind: 'checkbox' }
  | { kind: 'colour' };

export interface FormFieldMeta {
  label: string;
  control: FieldControl;
  hint?: string;
  placeholder?: string;
  /** The page shows the API's value times this (watermark opacity: 10-100 % for the API's 0.1-1). */
  pageScale?: number;
  /** Spans both columns of a two-column form. */
  wide?: boolean;
  /** Inside a collapsed section with this summary, after the other controls. */
  group?: string;
  /** Shown, and sent, only while another control has this value. */
  shownWhen?: { field: string; equals: string };
  /** What a blank value does to the action: disables it, or hides it until filled (seed section 4). */
  whenBlank?: 'disables-action' | 'hides-action';
  /** The seed's validation toast title when the field is blank; the description is the schema's own message. */
  missingTitle?: string;
  /** Toast titles for the schema's refusals of a filled value, by error code (protect: a short password). */
  invalidTitles?: Partial<Record<ErrorCode, string>>;
  /** Emptied after a successful run (passwords, the pages typed, the watermark text). */
  clearedAfterSuccess?: boolean;
  /** The page's preset where the schema has no default (split's pages per file); never a copy of a default. */
  initial?: string;
  /** A page range that can also be picked on the dropped file's thumbnails (the text field stays). */
  pickPages?: PagePicking;
}

/** How a page range field is picked on thumbnails, and what the picked pages show they will become. */
export interface PagePicking {
  /** The page grid's accessible name; not a substring of a field's label (tests find fields by label). */
  listLabel: string;
  /**
   * kept: the picked pages make the output (extract); turned: they are turned by the `turnedBy` field's degrees
   * (rotate); removed: they go (delete); files: each range is one output file, breaks drawn between (split).
   */
  shows: 'kept' | 'turned' | 'removed' | 'files';
  /** With `turned`: the field holding the clockwise degrees. */
  turnedBy?: string;
  /** A blank range means every page, as the API reads it (rotate's optional pages). */
  blankMeansAll?: boolean;
}

/** A control the page shows that the API does not take. */
export interface PageOnlyField extends FormFieldMeta {
  /** The option field it follows on the page. */
  after: string;
  initial: string;
  /** A confirmation: must equal that field, or the toast with this title and the error code's message. */
  confirms?: { field: string; mismatchTitle: string; error: ErrorCode };
}

export const formFields = z.registry<FormFieldMeta>();
