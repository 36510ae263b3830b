import { ToolError, errorCodes } from '@paperknife/catalog/errors';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { type ToolId, toolUi } from '@paperknife/catalog/tools';

/**
 * What a tool page's option controls hold, as strings and booleans (what a form sends), with the seed's
 * defaults preselected. The catalogue's zod schema turns these into the engine's typed options, in the page and
 * again on the server.
 */
export type FormValues = Record<string, string | boolean>;

const { watermark, pageNumbers, rotate, split, pdfToJpg } = toolUi;

export const initialFormValues: { [Id in ToolId]: FormValues } = {
  'compress-pdf': { level: 'medium' },
  'merge-pdf': {},
  'split-pdf': { mode: split.defaultMode, ranges: '', every: String(split.defaultEvery) },
  'rotate-pdf': { angle: rotate.defaultAngle, scope: 'all', pages: '' },
  'protect-pdf': {
    userPassword: '',
    confirmPassword: '',
    ownerPassword: '',
    allowPrinting: true,
    allowCopying: true,
    allowEditing: true,
  },
  'unlock-pdf': { password: '' },
  'watermark-pdf': {
    text: '',
    position: watermark.position,
    opacity: String(watermark.opacityPercent.default),
    fontSize: String(watermark.fontSize.default),
    color: watermark.color,
    rotation: String(watermark.rotation.default),
    pages: '',
  },
  'page-numbers': {
    position: pageNumbers.position,
    startNumber: pageNumbers.startNumber.default,
    fontSize: String(pageNumbers.fontSize.default),
    format: '{n}',
    pages: '',
  },
  'grayscale-pdf': {},
  'pdf-to-jpg': { dpi: String(pdfToJpg.defaultDpi), quality: String(pdfToJpg.quality.default) },
  'pdf-to-word': {},
  'word-to-pdf': {},
  'extract-pages': { pages: '' },
  'delete-pages': { pages: '' },
  'extract-text': {},
  'extract-images': {},
};

const text = (values: FormValues, name: string) => {
  const value = values[name];
  return typeof value === 'string' ? value : '';
};

/**
 * The fields the API receives for a tool, from the form (seed section 7: trimmed pages and text, opacity as the
 * slider value divided by 100). Page-only controls (confirm password, "all pages") are not sent.
 */
export function apiFields(id: ToolId, values: FormValues): Record<string, string> {
  const fields: Record<string, string> = {};
  const put = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== '') fields[name] = value;
  };
  switch (id) {
    case 'split-pdf': {
      const mode = text(values, 'mode');
      put('mode', mode);
      if (mode === 'ranges') put('ranges', text(values, 'ranges').trim());
      if (mode === 'every') put('every', text(values, 'every').trim());
      break;
    }
    case 'rotate-pdf':
      put('angle', text(values, 'angle'));
      if (values['scope'] === 'selected') put('pages', text(values, 'pages').trim());
      break;
    case 'protect-pdf':
      put('userPassword', text(values, 'userPassword'));
      put('ownerPassword', text(values, 'ownerPassword'));
      for (const name of ['allowPrinting', 'allowCopying', 'allowEditing']) put(name, String(values[name] === true));
      break;
    case 'watermark-pdf':
      put('text', text(values, 'text').trim());
      put('opacity', String(Number(text(values, 'opacity')) / 100));
      for (const name of ['fontSize', 'color', 'position', 'rotation']) put(name, text(values, name));
      put('pages', text(values, 'pages').trim());
      break;
    case 'page-numbers':
      for (const name of ['position', 'fontSize', 'startNumber', 'format']) put(name, text(values, name).trim());
      put('pages', text(values, 'pages').trim());
      break;
    case 'extract-pages':
    case 'delete-pages':
      put('pages', text(values, 'pages').trim());
      break;
    default:
      for (const [name, value] of Object.entries(values)) put(name, typeof value === 'string' ? value : String(value));
  }
  return fields;
}

export interface ValidationToast {
  title: string;
  description: string;
}

/** What the catalogue's schema says about these raw options, which it must refuse: the words the API answers with. */
function refusal(id: ToolId, raw: Record<string, string>): string {
  try {
    parseToolOptions(id, raw);
  } catch (error) {
    if (error instanceof ToolError) return error.message;
    throw error;
  }
  throw new Error(`The catalogue accepts ${JSON.stringify(raw)} for ${id}.`);
}

/**
 * The seed's client checks (section 5), in its order and with its titles, for the values of the form; the
 * descriptions are the catalogue's. Returns the first toast to show, or undefined when the request may go.
 */
export function seedValidation(id: ToolId, values: FormValues): ValidationToast | undefined {
  switch (id) {
    case 'protect-pdf': {
      const password = text(values, 'userPassword');
      if (!password) return { title: 'Password required', description: refusal(id, {}) };
      if (password !== text(values, 'confirmPassword')) {
        return { title: "Passwords don't match", description: errorCodes.passwords_do_not_match.message };
      }
      if (password.length < toolUi.protect.passwordMinLength) {
        return { title: 'Password too short', description: refusal(id, { userPassword: password }) };
      }
      return undefined;
    }
    case 'extract-pages':
    case 'delete-pages':
      if (!text(values, 'pages').trim()) return { title: 'No pages specified', description: refusal(id, {}) };
      return undefined;
    case 'watermark-pdf':
      if (!text(values, 'text').trim()) return { title: 'No watermark text', description: refusal(id, {}) };
      return undefined;
    default:
      return undefined;
  }
}

/** Seed section 4: the action stays disabled while a required text is blank after trimming. */
export function actionDisabled(id: ToolId, values: FormValues): boolean {
  if (id === 'extract-pages' || id === 'delete-pages') return !text(values, 'pages').trim();
  if (id === 'watermark-pdf') return !text(values, 'text').trim();
  return false;
}

/** Seed section 4: protect shows its action only when both password fields are filled. */
export function actionVisible(id: ToolId, values: FormValues): boolean {
  if (id === 'protect-pdf') return text(values, 'userPassword') !== '' && text(values, 'confirmPassword') !== '';
  return true;
}

/** Seed section 4: what the form keeps after a success (protect, extract, delete and watermark clear their text). */
export function valuesAfterSuccess(id: ToolId, values: FormValues): FormValues {
  switch (id) {
    case 'protect-pdf':
      return { ...values, userPassword: '', confirmPassword: '', ownerPassword: '' };
    case 'extract-pages':
    case 'delete-pages':
      return { ...values, pages: '' };
    case 'watermark-pdf':
      return { ...values, text: '' };
    case 'unlock-pdf':
      return { ...values, password: '' };
    default:
      return values;
  }
}
