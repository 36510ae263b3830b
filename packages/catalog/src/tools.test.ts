import { describe, expect, it } from 'vitest';
import { type FormControl, formControls, initialValue, selectChoices, sliderRange } from './option-form.js';
import { PASSWORD_MIN_LENGTH } from './password-rules.js';
import { parseToolOptions } from './tool-options.js';
import {
  functionNames,
  functionPath,
  maxFilesFor,
  toolByFunction,
  toolDownloads,
  toolIds,
  type ToolId,
  toolRedirects,
  tools,
} from './tools.js';

const control = (id: ToolId, name: string): FormControl => {
  const found = formControls(id).find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${id} has no control ${name}`);
  return found;
};
/** A slider as the page shows it: bounds, step and starting value. */
const slider = (id: ToolId, name: string) => ({
  ...sliderRange(control(id, name)),
  default: Number(initialValue(control(id, name))),
});

describe('tool catalogue', () => {
  // A new tool is one more entry: these check the contract's tools are all there, not that there are no others.
  it('holds the 14 tools of the seed plus extract-text and extract-images', () => {
    expect(toolIds).toEqual(
      expect.arrayContaining([
        'compress-pdf',
        'merge-pdf',
        'split-pdf',
        'rotate-pdf',
        'protect-pdf',
        'unlock-pdf',
        'watermark-pdf',
        'page-numbers',
        'grayscale-pdf',
        'pdf-to-jpg',
        'pdf-to-word',
        'word-to-pdf',
        'extract-pages',
        'extract-text',
        'extract-images',
        'delete-pages',
      ]),
    );
    expect(new Set(toolIds).size).toBe(toolIds.length);
  });

  it('uses the API function names of the contract', () => {
    expect(functionNames).toEqual(
      expect.arrayContaining([
        'compress-pdf',
        'merge-pdf',
        'split-pdf',
        'rotate-pdf',
        'protect-pdf',
        'unlock-pdf',
        'grayscale-pdf',
        'extract-pages-pdf',
        'delete-pages-pdf',
        'watermark-pdf',
        'page-numbers-pdf',
        'pdf-to-word',
        'word-to-pdf',
        'pdf-to-jpg',
        'extract-text-pdf',
        'extract-images-pdf',
      ]),
    );
    expect(new Set(functionNames).size).toBe(functionNames.length);
    expect(toolByFunction('page-numbers-pdf')).toBe('page-numbers');
    expect(toolByFunction('nope')).toBeUndefined();
  });

  it('marks merge, split and compress as popular, and only them', () => {
    expect(toolIds.filter((id) => tools[id].popular)).toEqual(['compress-pdf', 'merge-pdf', 'split-pdf']);
  });

  it('puts eight tools in the header menu', () => {
    expect(toolIds.filter((id) => tools[id].inMenu)).toHaveLength(8);
  });

  it('keeps every download name of the contract', () => {
    const names = Object.fromEntries(toolIds.map((id) => [tools[id].functionName, tools[id].download.name]));
    expect(names).toMatchObject({
      'compress-pdf': 'compressed-document.pdf',
      'merge-pdf': 'merged-document.pdf',
      'split-pdf': 'split-pages.zip',
      'rotate-pdf': 'rotated-document.pdf',
      'protect-pdf': 'protected-document.pdf',
      'unlock-pdf': 'unlocked-document.pdf',
      'grayscale-pdf': 'grayscale-document.pdf',
      'extract-pages-pdf': 'extracted-pages.pdf',
      'delete-pages-pdf': 'pages-deleted.pdf',
      'watermark-pdf': 'watermarked-document.pdf',
      'page-numbers-pdf': 'page-numbered-document.pdf',
      'pdf-to-word': 'converted-document.docx',
      'word-to-pdf': 'converted-document.pdf',
      'pdf-to-jpg': 'pdf-pages-jpg.zip',
      'extract-text-pdf': 'extracted-text.txt',
      'extract-images-pdf': 'extracted-images.zip',
    });
    expect(tools['pdf-to-jpg'].singlePageDownload.name).toBe('page-1.jpg');
  });

  it('keeps the seed success toasts word for word', () => {
    expect(tools['compress-pdf'].successToast).toBe('Your PDF has been compressed successfully.');
    expect(tools['merge-pdf'].successToast).toBe('Your PDF files have been merged successfully.');
    expect(tools['split-pdf'].successToast).toBe('Your PDF has been split successfully.');
    expect(tools['rotate-pdf'].successToast).toBe('Your PDF has been rotated successfully.');
    expect(tools['protect-pdf'].successToast).toBe('Your PDF has been password protected successfully.');
    expect(tools['grayscale-pdf'].successToast).toBe('Your PDF has been converted to grayscale successfully.');
    expect(tools['extract-pages'].successToast).toBe('Pages have been extracted successfully.');
    expect(tools['delete-pages'].successToast).toBe('Pages have been deleted successfully.');
    expect(tools['watermark-pdf'].successToast).toBe('Watermark has been added successfully.');
    expect(tools['page-numbers'].successToast).toBe('Page numbers have been added successfully.');
  });

  it('keeps the seed error toasts word for word', () => {
    expect(tools['compress-pdf'].errorToast).toBe('Failed to compress PDF file. Please try again.');
    expect(tools['merge-pdf'].errorToast).toBe('Failed to merge PDF files. Please try again.');
    expect(tools['split-pdf'].errorToast).toBe('Failed to split PDF file. Please try again.');
    expect(tools['rotate-pdf'].errorToast).toBe('Failed to rotate PDF file. Please try again.');
    expect(tools['protect-pdf'].errorToast).toBe('Failed to protect PDF file. Please try again.');
    expect(tools['grayscale-pdf'].errorToast).toBe('Failed to convert PDF to grayscale. Please try again.');
    expect(tools['extract-pages'].errorToast).toBe('Failed to extract pages from PDF. Please try again.');
    expect(tools['delete-pages'].errorToast).toBe('Failed to delete pages from PDF. Please try again.');
    expect(tools['watermark-pdf'].errorToast).toBe('Failed to add watermark to PDF. Please try again.');
    expect(tools['page-numbers'].errorToast).toBe('Failed to add page numbers to PDF. Please try again.');
  });

  it('keeps the seed busy labels word for word', () => {
    expect(tools['split-pdf'].busyLabel).toBe('Splitting PDF...');
    expect(tools['rotate-pdf'].busyLabel).toBe('Rotating Pages...');
    expect(tools['protect-pdf'].busyLabel).toBe('Protecting PDF...');
    expect(tools['grayscale-pdf'].busyLabel).toBe('Converting...');
    expect(tools['extract-pages'].busyLabel).toBe('Extracting Pages...');
    expect(tools['delete-pages'].busyLabel).toBe('Deleting Pages...');
    expect(tools['watermark-pdf'].busyLabel).toBe('Adding Watermark...');
    expect(tools['page-numbers'].busyLabel).toBe('Adding Page Numbers...');
  });

  it('keeps the seed validation descriptions word for word', () => {
    expect(tools['rotate-pdf'].invalidTypeDescription).toBe('Only PDF files are supported for rotation.');
    expect(tools['compress-pdf'].invalidTypeDescription).toBe('Only PDF files are supported for compression.');
    expect(tools['split-pdf'].invalidTypeDescription).toBe('Only PDF files are supported for splitting.');
    expect(tools['protect-pdf'].invalidTypeDescription).toBe('Only PDF files are supported for protection.');
    expect(tools['grayscale-pdf'].invalidTypeDescription).toBe(
      'Only PDF files are supported for grayscale conversion.',
    );
    expect(tools['extract-pages'].invalidTypeDescription).toBe('Only PDF files are supported for page extraction.');
    expect(tools['delete-pages'].invalidTypeDescription).toBe('Only PDF files are supported for page deletion.');
    expect(tools['watermark-pdf'].invalidTypeDescription).toBe('Only PDF files are supported for watermarking.');
    expect(tools['page-numbers'].invalidTypeDescription).toBe('Only PDF files are supported for adding page numbers.');
    expect(tools['merge-pdf'].invalidTypeDescription).toBe('Only PDF files are supported for merging.');
    expect(tools['compress-pdf'].noFileDescription).toBe('Please upload a PDF file to compress.');
    expect(tools['split-pdf'].noFileDescription).toBe('Please upload a PDF file to split.');
    expect(tools['merge-pdf'].noFileDescription).toBe('Please upload at least 2 PDF files to merge.');
  });

  it('gives every tool every text it needs', () => {
    for (const id of toolIds) {
      const tool = tools[id];
      for (const text of [
        tool.title,
        tool.shortDescription,
        tool.description,
        tool.actionLabel,
        tool.busyLabel,
        tool.successToast,
        tool.errorToast,
        tool.invalidTypeDescription,
        tool.noFileDescription,
      ]) {
        expect(text.trim().length, `${id}`).toBeGreaterThan(3);
      }
      expect(tool.description.length, id).toBeGreaterThan(120);
    }
  });

  it('redirects /secure-pdf to /protect-pdf', () => {
    expect(toolRedirects['/secure-pdf']).toBe('/protect-pdf');
  });
});

describe('seed constants', () => {
  it('watermark: opacity 10..100 step 5 default 50; font 8..72 step 2 default 24; colour #808080; centre', () => {
    expect(slider('watermark-pdf', 'opacity')).toEqual({ min: 10, max: 100, step: 5, default: 50 });
    expect(slider('watermark-pdf', 'fontSize')).toEqual({ min: 8, max: 72, step: 2, default: 24 });
    expect(initialValue(control('watermark-pdf', 'color'))).toBe('#808080');
    expect(initialValue(control('watermark-pdf', 'position'))).toBe('center');
    const options = parseToolOptions('watermark-pdf', { text: 'DRAFT' });
    expect(options).toMatchObject({ opacity: 0.5, fontSize: 24, color: '#808080', position: 'center', rotation: 0 });
  });

  it('page numbers: font 8..24 default 12; start >= 1 default "1"; bottom-center', () => {
    expect(slider('page-numbers', 'fontSize')).toEqual({ min: 8, max: 24, step: 1, default: 12 });
    expect(initialValue(control('page-numbers', 'startNumber'))).toBe('1');
    expect(initialValue(control('page-numbers', 'position'))).toBe('bottom-center');
    expect(parseToolOptions('page-numbers', {})).toEqual({
      position: 'bottom-center',
      fontSize: 12,
      startNumber: 1,
      format: '{n}',
    });
    expect(() => parseToolOptions('page-numbers', { startNumber: '0' })).toThrow(/between 1 and/);
    expect(() => parseToolOptions('page-numbers', { fontSize: '25' })).toThrow(/between 8 and 24/);
  });

  it('rotate: 90, 180, 270, default "90"', () => {
    expect(initialValue(control('rotate-pdf', 'angle'))).toBe('90');
    expect(selectChoices(control('rotate-pdf', 'angle')).map((choice) => choice.value)).toEqual(['90', '180', '270']);
    expect(parseToolOptions('rotate-pdf', {}).angle).toBe(90);
    expect(parseToolOptions('rotate-pdf', { angle: '270' }).angle).toBe(270);
    expect(parseToolOptions('rotate-pdf', { angle: 180 }).angle).toBe(180);
    expect(() => parseToolOptions('rotate-pdf', { angle: '45' })).toThrow('Angle must be 90, 180 or 270.');
  });

  it('protect: password minimum 6, with the catalogue codes', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(control('protect-pdf', 'userPassword').meta.hint).toBe('At least 6 characters.');
    expect(() => parseToolOptions('protect-pdf', {})).toThrow(
      expect.objectContaining({ code: 'password_required', message: 'Please enter a password to protect your PDF.' }),
    );
    expect(() => parseToolOptions('protect-pdf', { userPassword: '12345' })).toThrow(
      expect.objectContaining({ code: 'password_too_short', message: 'Password must be at least 6 characters long.' }),
    );
    expect(parseToolOptions('protect-pdf', { userPassword: ' secret ', allowPrinting: 'false' })).toEqual({
      userPassword: ' secret ',
      allowPrinting: false,
      allowCopying: true,
      allowEditing: true,
    });
  });

  it('compress defaults to medium, split to one file per page, pdf-to-jpg to 150 dpi and quality 85', () => {
    expect(parseToolOptions('compress-pdf', {})).toEqual({ level: 'medium' });
    expect(parseToolOptions('split-pdf', {})).toEqual({ mode: 'pages' });
    expect(parseToolOptions('pdf-to-jpg', {})).toEqual({ dpi: 150, quality: 85 });
    expect(() => parseToolOptions('pdf-to-jpg', { dpi: '301' })).toThrow(/between 72 and 300/);
    expect(() => parseToolOptions('pdf-to-jpg', { quality: 'high' })).toThrow(/must be a number/);
  });

  it('takes the page form encodings: opacity "0.5", fontSize "24", booleans "true"/"false"', () => {
    expect(
      parseToolOptions('watermark-pdf', {
        text: '  Draft  ',
        opacity: '0.35',
        fontSize: '30',
        color: '#FF0000',
        position: 'top-left',
      }),
    ).toMatchObject({ text: 'Draft', opacity: 0.35, fontSize: 30, color: '#ff0000', position: 'top-left' });
    expect(() => parseToolOptions('watermark-pdf', { text: '   ' })).toThrow('Please enter text for the watermark.');
    expect(() => parseToolOptions('watermark-pdf', { text: 'x', position: 'middle' })).toThrow(
      /Position must be one of/,
    );
  });

  it('checks page range syntax with invalid_page_range', () => {
    expect(() => parseToolOptions('extract-pages', {})).toThrow(
      expect.objectContaining({
        code: 'invalid_page_range',
        message: 'Please specify which pages to extract (e.g., 1-3,5,7-9).',
      }),
    );
    expect(() => parseToolOptions('delete-pages', { pages: '3-1' })).toThrow(
      expect.objectContaining({ code: 'invalid_page_range' }),
    );
    expect(parseToolOptions('extract-pages', { pages: ' 1-3, 5 ' })).toEqual({ pages: '1-3, 5' });
    expect(() => parseToolOptions('split-pdf', { mode: 'ranges' })).toThrow(
      expect.objectContaining({ code: 'invalid_page_range' }),
    );
    expect(parseToolOptions('split-pdf', { mode: 'every', every: '2' })).toEqual({ mode: 'every', every: 2 });
  });
});

describe('tool helpers', () => {
  it('gives each function its API path, every download and its file limit', () => {
    expect(functionPath('page-numbers')).toBe('/functions/v1/page-numbers-pdf');
    expect(toolDownloads('pdf-to-jpg').map((download) => download.name)).toEqual(['pdf-pages-jpg.zip', 'page-1.jpg']);
    expect(toolDownloads('rotate-pdf').map((download) => download.name)).toEqual(['rotated-document.pdf']);
    expect(maxFilesFor('merge-pdf', { maxFiles: 50 })).toBe(50);
    expect(maxFilesFor('merge-pdf', { maxFiles: 7 })).toBe(7);
    expect(maxFilesFor('rotate-pdf', { maxFiles: 50 })).toBe(1);
  });
});

describe('form metadata', () => {
  it('preselects on the page exactly the defaults the API applies', () => {
    const jpg = parseToolOptions('pdf-to-jpg', {});
    expect([initialValue(control('pdf-to-jpg', 'dpi')), initialValue(control('pdf-to-jpg', 'quality'))]).toEqual([
      String(jpg.dpi),
      String(jpg.quality),
    ]);
    expect(selectChoices(control('pdf-to-jpg', 'dpi')).map((choice) => choice.value)).toEqual([
      '72',
      '150',
      '200',
      '300',
    ]);
    expect(slider('pdf-to-jpg', 'quality')).toEqual({ min: 50, max: 100, step: 5, default: 85 });
    expect(slider('watermark-pdf', 'rotation')).toEqual({ min: -90, max: 90, step: 15, default: 0 });
    expect(parseToolOptions('watermark-pdf', { text: 'x' }).rotation).toBe(0);
    expect(initialValue(control('split-pdf', 'mode'))).toBe(parseToolOptions('split-pdf', {}).mode);
    // Split's "pages per file" has no API default; the page presets 2.
    const every = String(initialValue(control('split-pdf', 'every')));
    expect(parseToolOptions('split-pdf', { mode: 'every', every }).every).toBe(2);
  });

  it.each(toolIds)('%s: every option field has form metadata, and no preset repeats a schema default', (id) => {
    const controls = formControls(id);
    const optionNames = Object.keys(tools[id].options.shape);
    expect(controls.filter((entry) => entry.schema).map((entry) => entry.name)).toEqual(optionNames);
    for (const entry of controls) {
      if (entry.schema && entry.meta.initial !== undefined) {
        expect(entry.schema.safeParse(undefined), `${id}.${entry.name}`).not.toMatchObject({ data: expect.anything() });
      }
      // Every choice of a select, radio cards or checkboxes is a value the API accepts.
      const { control } = entry.meta;
      if (
        entry.schema &&
        (control.kind === 'select' || control.kind === 'radio-cards' || control.kind === 'checkboxes')
      ) {
        const choices = control.kind === 'select' ? selectChoices(entry) : control.choices;
        for (const choice of choices) expect(entry.schema.safeParse(choice.value).success, choice.value).toBe(true);
      }
    }
    for (const extra of Object.values((tools[id] as { pageOnlyFields?: object }).pageOnlyFields ?? {})) {
      expect(optionNames).toContain((extra as { after: string }).after);
    }
  });

  it('keeps the page-only controls out of the schema', () => {
    expect(control('protect-pdf', 'confirmPassword').schema).toBeUndefined();
    expect(control('rotate-pdf', 'scope').schema).toBeUndefined();
    expect(formControls('rotate-pdf').map((entry) => entry.name)).toEqual(['angle', 'scope', 'pages']);
  });
});

describe('entry fields', () => {
  it('gives every tool an icon, an API example its schema accepts and sample options it accepts', () => {
    for (const id of toolIds) {
      const tool = tools[id];
      expect(tool.icon.length, id).toBeGreaterThan(0);
      expect(() => parseToolOptions(id, tool.apiExample), id).not.toThrow();
      // Unlock's sample has no password: the corpus sweep adds each file's own.
      expect(() => parseToolOptions(id, tool.sampleOptions), id).not.toThrow();
    }
  });

  it('marks the tools that read what pages draw', () => {
    expect(toolIds.filter((id) => tools[id].readsPageContent)).toEqual([
      'compress-pdf',
      'repair-pdf',
      'redact-pdf',
      'sanitize-pdf',
      'watermark-pdf',
      'page-numbers',
      'grayscale-pdf',
      'pdf-to-jpg',
      'pdf-to-png',
      'pdf-to-tiff',
      'pdf-to-word',
      'pdf-to-excel',
      'pdf-to-pdfa',
      'pdf-to-powerpoint',
      'remove-blank-pages',
      'crop-pdf',
      'extract-text',
      'extract-images',
      'compare-pdf',
      'ocr-pdf',
    ]);
  });
});
