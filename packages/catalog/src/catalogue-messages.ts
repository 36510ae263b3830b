import { errorCodeList, errorCodes } from './errors.js';
import { type JobStageId, jobStages, stageMessageKey } from './job-stages.js';
import type { FormFieldMeta } from './form-fields.js';
import { formControls, selectChoices } from './option-form.js';
import { toolCategories } from './tool-categories.js';
import { fieldProblem } from './tool-options.js';
import type { ToolEntry } from './tool-entry.js';
import {
  type ToolTextField,
  categoryMessageKey,
  errorMessageKey,
  optionMessageKey,
  toolMessageKey,
} from './message-keys.js';
import { type ToolId, toolIds, tools } from './tools.js';

/**
 * Every English text the catalogue holds that a visitor reads, under the message key the site translates it by.
 * The catalogue stays the English source; the message files carry these keys in every language, and a test
 * keeps the English message file equal to this list.
 */

const toolFields = [
  'title',
  'shortDescription',
  'description',
  'actionLabel',
  'busyLabel',
  'successToast',
  'errorToast',
  'invalidTypeDescription',
  'noFileDescription',
  'moreFilesHint',
] as const satisfies readonly (keyof ToolEntry & ToolTextField)[];

// ICU MessageFormat reads `{` and `}` as an argument's bounds: a text with braces quotes them. A lone apostrophe
// stays literal (it quotes only before a brace or another apostrophe).
export function icuLiteral(text: string): string {
  return text.replace(/[{}]/g, (brace) => `'${brace}'`);
}

function fieldMessages(id: ToolId, name: string, meta: FormFieldMeta, into: Record<string, string>) {
  const put = (part: string, text: string | undefined) => {
    if (text) into[optionMessageKey(id, name, part)] = icuLiteral(text);
  };
  put('label', meta.label);
  put('hint', meta.hint);
  put('placeholder', meta.placeholder);
  put('group', meta.group);
  put('missingTitle', meta.missingTitle);
  for (const [code, title] of Object.entries(meta.invalidTitles ?? {})) put(`invalidTitle.${code}`, title);
  put('pickPages', meta.pickPages?.listLabel);
  if (meta.control.kind === 'radio-cards') {
    for (const choice of meta.control.choices) {
      put(`choice.${choice.value}`, choice.label);
      put(`choice.${choice.value}.description`, choice.description);
    }
  } else if (meta.control.kind === 'checkboxes') {
    for (const choice of meta.control.choices) put(`choice.${choice.value}`, choice.label);
  }
}

/** What the whole schema says about a field of an empty request, when it says something. */
function emptyRequestProblem(tool: ToolEntry, name: string): { message: string } | undefined {
  const result = tool.options.safeParse({});
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === name);
}

export function catalogueMessages(): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const category of toolCategories) {
    messages[categoryMessageKey(category.id, 'title')] = icuLiteral(category.title);
    messages[categoryMessageKey(category.id, 'description')] = icuLiteral(category.description);
  }
  for (const id of toolIds) {
    const tool: ToolEntry = tools[id];
    for (const field of toolFields) {
      const text = tool[field];
      if (text) messages[toolMessageKey(id, field)] = icuLiteral(text);
    }
    // The drop zone's hint: the seed's "Please upload ..." as an instruction ("Upload a PDF file to watermark").
    messages[toolMessageKey(id, 'dropHint')] = icuLiteral(
      tool.noFileDescription.replace(/^Please upload /, 'Upload ').replace(/\.$/, ''),
    );
    messages[toolMessageKey(id, 'keywords')] = icuLiteral(tool.keywords.join(', '));
    messages[toolMessageKey(id, 'searchKeywords')] = icuLiteral(tool.searchKeywords.join(', '));
    for (const control of formControls(id)) {
      fieldMessages(id, control.name, control.meta, messages);
      // What the page says under a blank required field's toast title: the schema's own words, the field's or,
      // where the whole schema decides (sign's picture, needed with one appearance only), an empty request's.
      const missing =
        control.meta.missingTitle &&
        control.schema &&
        (fieldProblem(control.schema, undefined) ?? emptyRequestProblem(tool, control.name));
      if (missing) messages[optionMessageKey(id, control.name, 'missing')] = icuLiteral(missing.message);
      if (control.meta.control.kind === 'select') {
        for (const choice of selectChoices(control)) {
          messages[optionMessageKey(id, control.name, `choice.${choice.value}`)] = icuLiteral(choice.label);
        }
      }
      const confirms = control.pageOnly?.confirms;
      if (confirms) messages[optionMessageKey(id, control.name, 'mismatchTitle')] = icuLiteral(confirms.mismatchTitle);
    }
  }
  for (const code of errorCodeList) messages[errorMessageKey(code)] = icuLiteral(errorCodes[code].message);
  for (const id of Object.keys(jobStages) as JobStageId[]) messages[stageMessageKey(id)] = icuLiteral(jobStages[id]);
  return messages;
}
