import { type ErrorCode, errorCodeList, errorCodes } from '@paperknife/catalog/errors';
import { type Limits, formatMegabytes } from '@paperknife/catalog/limits';
import { FORM_FIELDS_PATH } from '@paperknife/catalog/pdf-form-fields';
import type { ToolEntry } from '@paperknife/catalog/tool-entry';
import { optionsJsonSchema, toolResponseHeaders } from '@paperknife/catalog/tool-options';
import {
  type ToolId,
  functionPath,
  maxFilesFor,
  toolDownloads,
  toolIds,
  toolPaths,
  tools,
} from '@paperknife/catalog/tools';

/**
 * The API reference of the developers page, derived from the catalogue: one entry per function with its file
 * and option fields (from the tools' zod schemas, through JSON Schema), its downloads and a curl example. Called
 * by the page's loader at build time, so the JSON Schema conversion never ships to the browser.
 */

export interface ApiField {
  name: string;
  /** "file", "one of low, medium, high", "number", "text, up to 200 characters"... */
  type: string;
  required: boolean;
  description: string;
}

export interface ApiFunction {
  toolId: ToolId;
  functionName: string;
  title: string;
  description: string;
  path: string;
  /** The tool's page on the website. */
  pagePath: string;
  fields: ApiField[];
  downloads: { name: string; contentType: string }[];
  /** Response headers besides Content-Disposition. */
  extraHeaders: { name: string; description: string }[];
  curl: string;
}

export interface ApiErrorCode {
  code: ErrorCode;
  status: number;
  message: string;
}

/** The parts of a field's JSON Schema the reference reads. */
type FieldSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: FieldSchema[];
  maxLength?: number;
  pattern?: string;
  description?: string;
};

function typeOf(schema: FieldSchema): string {
  const variants = schema.anyOf ?? [schema];
  const enumValues = variants.find((variant) => variant.type === 'string' && variant.enum)?.enum;
  if (variants.some((variant) => variant.type === 'boolean')) return 'true or false';
  if (enumValues) return `one of ${enumValues.join(', ')}`;
  if (variants.some((variant) => variant.type === 'number')) return 'number';
  if (schema.pattern === '^#[0-9a-fA-F]{6}$') return 'colour, #rrggbb';
  return schema.maxLength ? `text, up to ${schema.maxLength} characters` : 'text';
}

/** The option fields of a tool, from the same JSON Schema the OpenAPI document publishes. */
function optionFields(id: ToolId): ApiField[] {
  const { properties, required } = optionsJsonSchema(id);
  return Object.entries(properties as Record<string, FieldSchema>).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: required.includes(name),
    description: property.description ?? '',
  }));
}

function fileField(id: ToolId, limits: Limits): ApiField {
  const tool = tools[id];
  const kind = `${tool.input.label} (${tool.input.extensions.join(', ')})`;
  const size = `up to ${formatMegabytes(limits.maxFileBytes)} each, ${limits.maxPages} pages per document`;
  if (tool.files.max === 1) {
    return {
      name: 'file',
      type: 'file',
      required: true,
      description: `The ${kind} file, ${size.replace(' each', '')}.`,
    };
  }
  return {
    name: 'files',
    type: 'file, repeated',
    required: true,
    description: `${tool.files.min} to ${maxFilesFor(id, limits)} ${kind} files in order, ${size}; repeat the field for each file.`,
  };
}

/** A tool's second upload in its own field (Fill PDF forms' rows), when it takes one. */
function dataFileFields(id: ToolId): ApiField[] {
  const spec = (tools[id] as ToolEntry).dataFile;
  if (!spec) return [];
  const several = (spec.maxCount ?? 1) > 1;
  if (spec.description) {
    return [
      {
        name: spec.field,
        type: several ? 'file, repeated' : 'file',
        required: false,
        description: `${spec.description} Each file up to ${formatMegabytes(spec.maxBytes)}${several ? '; repeat the field for each file' : ''}.`,
      },
    ];
  }
  return [
    {
      name: spec.field,
      type: 'file',
      required: false,
      description: `Rows of values (${spec.extensions.join(' or ')}, up to ${formatMegabytes(spec.maxBytes)}): one filled copy per row. A CSV's first line, or each JSON object's keys, name the fields; \`POST ${FORM_FIELDS_PATH}\` lists them.`,
    },
  ];
}

const shellQuote = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

/** The curl example's sample files, by the kind of file a tool takes: one file, and two for tools that take several. */
const sampleFiles: Record<(typeof tools)[ToolId]['input']['label'], { one: string; several: [string, string] }> = {
  PDF: { one: 'document.pdf', several: ['first.pdf', 'second.pdf'] },
  Word: { one: 'report.docx', several: ['first.docx', 'second.docx'] },
  Excel: { one: 'budget.xlsx', several: ['first.xlsx', 'second.xlsx'] },
  PowerPoint: { one: 'slides.pptx', several: ['first.pptx', 'second.pptx'] },
  JPG: { one: 'photo.jpg', several: ['photo.jpg', 'scan.png'] },
  HTML: { one: 'page.html', several: ['first.html', 'second.html'] },
};

/** A multipart curl call with sample files and the example options of the tool's catalogue entry. */
export function curlExample(id: ToolId, siteUrl: string): string {
  const tool = tools[id];
  const samples = sampleFiles[tool.input.label];
  const files = tool.files.max === 1 ? [`-F file=@${samples.one}`] : samples.several.map((name) => `-F files=@${name}`);
  const options = Object.entries(tool.apiExample).map(([name, value]) => `-F ${shellQuote(`${name}=${value}`)}`);
  const output = `-o ${tool.download.name}`;
  return [`curl ${siteUrl}${functionPath(id)}`, ...files, ...options, output].join(' \\\n  ');
}

export function apiFunctions(siteUrl: string, limits: Limits): ApiFunction[] {
  return toolIds.map((id) => {
    const tool = tools[id];
    const downloads = toolDownloads(id);
    return {
      toolId: id,
      functionName: tool.functionName,
      title: tool.title,
      description: tool.description,
      path: functionPath(id),
      pagePath: toolPaths(id).canonical,
      fields: [fileField(id, limits), ...dataFileFields(id), ...optionFields(id)],
      downloads: downloads.map(({ name, contentType }) => ({ name, contentType })),
      extraHeaders: [...toolResponseHeaders(id)],
      curl: curlExample(id, siteUrl),
    };
  });
}

/** The catalogue's error table, by status. */
export function apiErrorCodes(): ApiErrorCode[] {
  return errorCodeList
    .map((code) => ({ code, status: errorCodes[code].status, message: errorCodes[code].message }))
    .sort((a, b) => a.status - b.status);
}
