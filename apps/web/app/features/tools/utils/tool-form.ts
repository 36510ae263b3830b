import { errorMessageKey, optionMessageKey } from '@paperknife/catalog/message-keys';
import {
  type FormControl,
  type FormValue,
  formControls,
  initialFormValues as catalogueFormValues,
} from '@paperknife/catalog/option-form';
import { fieldProblem } from '@paperknife/catalog/tool-options';
import type { ToolId } from '@paperknife/catalog/tools';

/**
 * What a tool page's option controls hold, as strings and booleans (what a form sends), and what the page does
 * with them, all read from the catalogue's form metadata: no tool is named here. The catalogue's zod schema
 * turns the sent fields into the engine's typed options, in the page and again on the server.
 */
export type FormValues = Record<string, FormValue>;

/** The form as first shown: the schemas' defaults (in page units) and the page's presets. */
export function initialFormValues(id: ToolId): FormValues {
  return catalogueFormValues(id);
}

const text = (values: FormValues, name: string) => {
  const value = values[name];
  return typeof value === 'string' ? value : '';
};

/** Passwords count every character; other text is trimmed, as seed section 7 sends it. */
const typed = (control: FormControl, values: FormValues) => {
  const value = text(values, control.name);
  return control.meta.control.kind === 'password' ? value : value.trim();
};

const isBlank = (control: FormControl, values: FormValues) => typed(control, values) === '';

const isShown = (control: FormControl, values: FormValues) => {
  const condition = control.meta.shownWhen;
  return !condition || values[condition.field] === condition.equals;
};

/** The controls on screen for these values. */
export function shownControls(id: ToolId, values: FormValues): FormControl[] {
  return formControls(id).filter((control) => isShown(control, values));
}

/** The value of a control as the API takes it: trimmed text, a page-unit number back in API units, a boolean. */
function apiValue(control: FormControl, values: FormValues): string {
  const value = values[control.name];
  if (typeof value === 'boolean') return String(value);
  const sent = typed(control, values);
  const scale = control.meta.pageScale;
  return scale && sent !== '' ? String(Number(sent) / scale) : sent;
}

/**
 * The fields the API receives from the form: the shown option controls with a value (seed section 7: trimmed
 * pages and text, watermark opacity as the slider value divided by 100). Page-only controls are not sent.
 */
export function apiFields(id: ToolId, values: FormValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const control of shownControls(id, values)) {
    if (!control.schema) continue;
    const value = apiValue(control, values);
    if (value !== '') fields[control.name] = value;
  }
  return fields;
}

/** A validation toast's title and description, as message keys (`tool.<id>.option.<field>.*`, `error.<code>`). */
export interface ValidationToast {
  title: string;
  description: string;
}

/**
 * The form's checks before anything is sent (seed section 5), in the seed's order: a blank required field, then
 * a confirmation that differs, then a value the schema refuses with a titled code. Titles come from the form
 * metadata, descriptions from the schemas (the words the API answers with), both as the messages the catalogue's
 * English is translated under. Undefined when the request may go.
 */
export function checkBeforeSend(id: ToolId, values: FormValues): ValidationToast | undefined {
  const controls = shownControls(id, values);
  for (const control of controls) {
    if (control.meta.missingTitle && control.schema && isBlank(control, values)) {
      return {
        title: optionMessageKey(id, control.name, 'missingTitle'),
        description: optionMessageKey(id, control.name, 'missing'),
      };
    }
  }
  for (const control of controls) {
    const confirms = control.pageOnly?.confirms;
    if (confirms && text(values, control.name) !== text(values, confirms.field)) {
      return {
        title: optionMessageKey(id, control.name, 'mismatchTitle'),
        description: errorMessageKey(confirms.error),
      };
    }
  }
  for (const control of controls) {
    const titles = control.meta.invalidTitles;
    if (!titles || !control.schema) continue;
    const problem = fieldProblem(control.schema, apiValue(control, values));
    if (problem && titles[problem.code]) {
      return {
        title: optionMessageKey(id, control.name, `invalidTitle.${problem.code}`),
        description: errorMessageKey(problem.code),
      };
    }
  }
  return undefined;
}

/** Seed section 4: the action stays disabled while a field that disables it is blank. */
export function actionDisabled(id: ToolId, values: FormValues): boolean {
  return shownControls(id, values).some(
    (control) => control.meta.whenBlank === 'disables-action' && isBlank(control, values),
  );
}

/** Seed section 4: the action shows only once every field that hides it is filled (protect's two passwords). */
export function actionVisible(id: ToolId, values: FormValues): boolean {
  return shownControls(id, values).every(
    (control) => control.meta.whenBlank !== 'hides-action' || !isBlank(control, values),
  );
}

/** Seed section 4: what the form keeps after a success; passwords, typed pages and the watermark text go. */
export function valuesAfterSuccess(id: ToolId, values: FormValues): FormValues {
  const cleared = formControls(id).filter((control) => control.meta.clearedAfterSuccess);
  return { ...values, ...Object.fromEntries(cleared.map((control) => [control.name, ''])) };
}
