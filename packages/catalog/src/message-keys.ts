/**
 * The message keys of the catalogue's texts (`catalogue-messages.ts` lists the English): light enough for any
 * page to import without the catalogue's schemas.
 */

export type ToolTextField =
  | 'title'
  | 'shortDescription'
  | 'description'
  | 'actionLabel'
  | 'busyLabel'
  | 'successToast'
  | 'errorToast'
  | 'invalidTypeDescription'
  | 'noFileDescription'
  | 'moreFilesHint'
  | 'dropHint'
  | 'keywords'
  | 'searchKeywords';

export const toolMessageKey = (id: string, field: ToolTextField) => `tool.${id}.${field}`;

/** An option control's text: `label`, `hint`, `placeholder`, `group`, `choice.<value>`, ... */
export const optionMessageKey = (id: string, field: string, part: string) => `tool.${id}.option.${field}.${part}`;

export const categoryMessageKey = (id: string, part: 'title' | 'description') => `category.${id}.${part}`;

export const errorMessageKey = (code: string) => `error.${code}`;
