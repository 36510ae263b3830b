import { ocrLanguageCodes } from '@paperknife/catalog/ocr-languages';
import { formControls } from '@paperknife/catalog/option-form';
import type { ToolEntry } from '@paperknife/catalog/tool-entry';
import {
  type Tool,
  type ToolId,
  toolIds,
  toolPaths,
  toolRedirects as catalogueRedirects,
  tools,
} from '@paperknife/catalog/tools';

/**
 * The catalogue's facts that pages show before anyone works with a tool: titles, texts, paths, icons, file kinds.
 * The catalogue builds every tool's zod schema as it loads, which kept a tool page's main thread busy before the
 * page answered, so the browser build gets this module's values as literals computed at build time
 * (`prebuilt-data.build.ts`, decision 074) and loads the catalogue only once a file is dropped. Values only:
 * nothing exported here may be a function.
 */

/**
 * The words a page shows come from the messages in its language (`tool.<id>.*`); of the catalogue's English only the
 * title and search words stay, for the tool filter to match English queries on every language's page.
 */
type EnglishTexts =
  | 'shortDescription'
  | 'description'
  | 'keywords'
  | 'actionLabel'
  | 'busyLabel'
  | 'successToast'
  | 'errorToast'
  | 'invalidTypeDescription'
  | 'noFileDescription';

/**
 * What only the API reference and the server read (built from the catalogue itself): the request example, the sample
 * options of tests and benchmarks, whether the tool reads page content, and what each response header means.
 */
type ServerFacts = 'apiExample' | 'sampleOptions' | 'readsPageContent' | 'responseHeaders';

/** A tool's catalogue entry without its option schemas, its page words and what only the server reads. */
export type ToolInfo = Omit<ToolEntry, 'options' | 'pageOnlyFields' | 'input' | EnglishTexts | ServerFacts> & {
  /** One of the catalogue's file kinds (PDF, Word). */
  input: Tool['input'];
  paths: { canonical: string; alias: string };
  /** The names of the response headers the tool's answer carries, which a run reads for its result. */
  responseHeaders?: readonly string[];
};

function infoOf(id: ToolId): ToolInfo {
  const {
    options: _options,
    pageOnlyFields: _pageOnly,
    shortDescription: _short,
    description: _description,
    keywords: _keywords,
    actionLabel: _action,
    busyLabel: _busy,
    successToast: _success,
    errorToast: _error,
    invalidTypeDescription: _invalid,
    noFileDescription: _noFile,
    apiExample: _example,
    sampleOptions: _sample,
    readsPageContent: _reads,
    responseHeaders,
    ...entry
  }: ToolEntry & Pick<Tool, 'input'> = tools[id];
  return {
    ...entry,
    paths: toolPaths(id),
    ...(responseHeaders ? { responseHeaders: responseHeaders.map((header) => header.name) } : {}),
  };
}

/** Every tool by id, in catalogue order (the order of the grids and menus). */
export const toolInfo = Object.fromEntries(toolIds.map((id) => [id, infoOf(id)])) as Record<ToolId, ToolInfo>;

/** Tools whose page lets the visitor pick pages on thumbnails (rotate, extract, delete, split's ranges). */
export const pagePickingTools: readonly ToolId[] = toolIds.filter((id) =>
  formControls(id).some((control) => control.meta.pickPages),
);

/** Old paths that move to a tool for good. */
export const toolRedirects: Readonly<Record<string, string>> = catalogueRedirects;

/** How many languages OCR PDF reads. */
export const ocrLanguageCount = ocrLanguageCodes.length;
