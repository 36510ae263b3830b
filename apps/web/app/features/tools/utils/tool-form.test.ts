import { ToolError } from '@paperknife/catalog/errors';
import { formControls, sliderRange } from '@paperknife/catalog/option-form';
import { PASSWORD_MIN_LENGTH } from '@paperknife/catalog/password-rules';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { type ToolId, toolIds } from '@paperknife/catalog/tools';
import { describe, expect, it } from 'vitest';
import {
  type FormValues,
  actionDisabled,
  actionVisible,
  apiFields,
  checkBeforeSend,
  initialFormValues,
  valuesAfterSuccess,
} from './tool-form';
import { loadedTranslator } from '~/i18n/translators';

/** What a visitor must type before a tool may run; every other control keeps its preselected value. */
const requiredInput: Partial<Record<ToolId, FormValues>> = {
  'protect-pdf': { userPassword: 'secret1', confirmPassword: 'secret1' },
  'watermark-pdf': { text: 'DRAFT' },
  'extract-pages': { pages: '1' },
  'delete-pages': { pages: '1' },
  'organize-pdf': { order: '2,1' },
  'sign-pdf': { signature: 'data:image/png;base64,iVBORw0KGgo=' },
  'redact-pdf': { boxes: '[{"page":1,"rect":[72,72,144,90]}]' },
  'add-text-images': { items: '[{"page":1,"kind":"text","x":0.1,"y":0.1,"width":0.5,"height":0.1,"text":"Hi"}]' },
};

const formOf = (id: ToolId, change: FormValues = {}): FormValues => ({ ...initialFormValues(id), ...change });

describe('initialFormValues', () => {
  it.each(toolIds)('%s: the form has a value for each of its controls', (id) => {
    expect(Object.keys(initialFormValues(id)).sort()).toEqual(
      formControls(id)
        .map((control) => control.name)
        .sort(),
    );
  });

  it.each(toolIds)('%s: the untouched form sends the catalogue’s defaults', (id) => {
    const required = requiredInput[id] ?? {};
    // The form as first shown, plus only what must be typed, parses to the same options as an API call that
    // sends only the required fields and leaves every other option to the catalogue's default.
    const sent = parseToolOptions(id, apiFields(id, formOf(id, required)));
    const { confirmPassword: _confirmation, ...requiredFields } = required;
    expect(sent).toEqual(parseToolOptions(id, requiredFields));
  });

  it('preselects the seed’s constants', () => {
    expect(initialFormValues('rotate-pdf')['angle']).toBe('90');
    expect(initialFormValues('watermark-pdf')).toMatchObject({
      text: '',
      opacity: '50',
      fontSize: '24',
      color: '#808080',
      position: 'center',
    });
    expect(initialFormValues('page-numbers')).toMatchObject({
      position: 'bottom-center',
      fontSize: '12',
      startNumber: '1',
    });
    expect(initialFormValues('protect-pdf')).toMatchObject({ userPassword: '', confirmPassword: '' });
    expect(initialFormValues('extract-pages')['pages']).toBe('');
    expect(initialFormValues('delete-pages')['pages']).toBe('');
    expect(PASSWORD_MIN_LENGTH).toBe(6);
  });
});

describe('apiFields', () => {
  it('sends watermark opacity as the slider value divided by 100, text and pages trimmed', () => {
    const fields = apiFields('watermark-pdf', formOf('watermark-pdf', { text: '  DRAFT  ', pages: ' 1-3 ' }));
    expect(fields).toEqual({
      text: 'DRAFT',
      opacity: '0.5',
      fontSize: '24',
      color: '#808080',
      position: 'center',
      rotation: '0',
      pages: '1-3',
    });
    expect(apiFields('watermark-pdf', formOf('watermark-pdf', { text: 'A', opacity: '10' }))['opacity']).toBe('0.1');
    expect(apiFields('watermark-pdf', formOf('watermark-pdf', { text: 'A', opacity: '100' }))['opacity']).toBe('1');
  });

  it('gives an opacity the server reads back as the slider’s value at every slider step', () => {
    const opacity = formControls('watermark-pdf').find((control) => control.name === 'opacity')!;
    const { min, max, step } = sliderRange(opacity);
    expect({ min, max, step }).toEqual({ min: 10, max: 100, step: 5 });
    for (let percent = min; percent <= max; percent += step) {
      const fields = apiFields('watermark-pdf', formOf('watermark-pdf', { text: 'A', opacity: String(percent) }));
      expect(fields['opacity']).toMatch(/^(0\.\d{1,2}|1)$/);
      expect(parseToolOptions('watermark-pdf', fields).opacity * 100).toBeCloseTo(percent, 10);
    }
  });

  it('sends the seed’s rotate field, and pages only for selected pages', () => {
    expect(apiFields('rotate-pdf', formOf('rotate-pdf', { pages: '2' }))).toEqual({ angle: '90' });
    expect(
      apiFields('rotate-pdf', formOf('rotate-pdf', { angle: '270', scope: 'selected', pages: ' 1-3,5 ' })),
    ).toEqual({ angle: '270', pages: '1-3,5' });
  });

  it('sends protect’s password untrimmed and never the confirmation', () => {
    const values = formOf('protect-pdf', {
      userPassword: ' secret ',
      confirmPassword: ' secret ',
      allowCopying: false,
    });
    expect(apiFields('protect-pdf', values)).toEqual({
      userPassword: ' secret ',
      allowPrinting: 'true',
      allowCopying: 'false',
      allowEditing: 'true',
    });
    expect(apiFields('protect-pdf', { ...values, ownerPassword: 'owner-pass' })['ownerPassword']).toBe('owner-pass');
  });

  it('sends page numbers’ position, font size, starting number and format, trimmed', () => {
    expect(apiFields('page-numbers', formOf('page-numbers'))).toEqual({
      position: 'bottom-center',
      fontSize: '12',
      startNumber: '1',
      format: '{n}',
    });
    expect(
      apiFields(
        'page-numbers',
        formOf('page-numbers', { startNumber: ' 5 ', format: ' Page {n} of {total} ', pages: '2-' }),
      ),
    ).toEqual({
      position: 'bottom-center',
      fontSize: '12',
      startNumber: '5',
      format: 'Page {n} of {total}',
      pages: '2-',
    });
  });

  it('sends only the field of the chosen split method', () => {
    expect(apiFields('split-pdf', formOf('split-pdf', { ranges: '1-2' }))).toEqual({ mode: 'pages' });
    expect(apiFields('split-pdf', formOf('split-pdf', { mode: 'ranges', ranges: ' 1-3,4- ' }))).toEqual({
      mode: 'ranges',
      ranges: '1-3,4-',
    });
    expect(apiFields('split-pdf', formOf('split-pdf', { mode: 'every', every: ' 3 ' }))).toEqual({
      mode: 'every',
      every: '3',
    });
  });

  it('trims extract and delete pages and leaves empty fields out', () => {
    expect(apiFields('extract-pages', { pages: ' 1-3, 5 ' })).toEqual({ pages: '1-3, 5' });
    expect(apiFields('delete-pages', { pages: '   ' })).toEqual({});
    expect(apiFields('unlock-pdf', formOf('unlock-pdf'))).toEqual({});
    expect(apiFields('unlock-pdf', { password: 'open me' })).toEqual({ password: 'open me' });
  });

  it('sends the other tools’ options as they are', () => {
    expect(apiFields('compress-pdf', formOf('compress-pdf'))).toEqual({ level: 'medium' });
    expect(apiFields('pdf-to-jpg', formOf('pdf-to-jpg'))).toEqual({ dpi: '150', quality: '85' });
    expect(apiFields('merge-pdf', formOf('merge-pdf'))).toEqual({});
    expect(apiFields('grayscale-pdf', formOf('grayscale-pdf'))).toEqual({});
  });
});

describe('checkBeforeSend', () => {
  // The toast's words, in English: the check gives their message keys.
  const said = (toast: ReturnType<typeof checkBeforeSend>) => {
    const { t } = loadedTranslator('en');
    return toast && { title: t(toast.title), description: t(toast.description) };
  };
  const protect = (userPassword: string, confirmPassword: string) =>
    said(checkBeforeSend('protect-pdf', formOf('protect-pdf', { userPassword, confirmPassword })));
  const passwordRequired = { title: 'Password required', description: 'Please enter a password to protect your PDF.' };
  const mismatch = { title: "Passwords don't match", description: 'Please make sure both password fields match.' };
  const tooShort = { title: 'Password too short', description: 'Password must be at least 6 characters long.' };

  it('checks protect in the seed’s order: empty, then mismatch, then length', () => {
    expect(protect('', '')).toEqual(passwordRequired);
    // Each check wins over the ones after it.
    expect(protect('', 'abc')).toEqual(passwordRequired);
    expect(protect('abc', 'abd')).toEqual(mismatch);
    expect(protect('abcdef', 'abcdeg')).toEqual(mismatch);
    expect(protect('abc', 'abc')).toEqual(tooShort);
    expect(protect('abcde', 'abcde')).toEqual(tooShort);
    expect(protect('abcdef', 'abcdef')).toBeUndefined();
  });

  it('says the same as the server for protect’s empty and short passwords', () => {
    for (const [userPassword, toast] of [
      ['', passwordRequired],
      ['abc', tooShort],
    ] as const) {
      expect(() => parseToolOptions('protect-pdf', { userPassword })).toThrow(ToolError);
      expect(() => parseToolOptions('protect-pdf', { userPassword })).toThrow(toast.description);
    }
  });

  it.each([
    ['extract-pages', 'Please specify which pages to extract (e.g., 1-3,5,7-9).'],
    ['delete-pages', 'Please specify which pages to delete (e.g., 1-3,5,7-9).'],
  ] as const)('%s: blank pages give "No pages specified"', (id, description) => {
    const expected = { title: 'No pages specified', description };
    expect(said(checkBeforeSend(id, { pages: '' }))).toEqual(expected);
    expect(said(checkBeforeSend(id, { pages: '   ' }))).toEqual(expected);
    expect(checkBeforeSend(id, { pages: '1-3' })).toBeUndefined();
    // The server answers a missing range with the same sentence.
    expect(() => parseToolOptions(id, {})).toThrow(description);
  });

  it('watermark: blank text gives "No watermark text"', () => {
    const expected = { title: 'No watermark text', description: 'Please enter text for the watermark.' };
    expect(said(checkBeforeSend('watermark-pdf', formOf('watermark-pdf')))).toEqual(expected);
    expect(said(checkBeforeSend('watermark-pdf', formOf('watermark-pdf', { text: ' \t ' })))).toEqual(expected);
    expect(checkBeforeSend('watermark-pdf', formOf('watermark-pdf', { text: 'DRAFT' }))).toBeUndefined();
    expect(() => parseToolOptions('watermark-pdf', {})).toThrow(expected.description);
  });

  it.each(toolIds.filter((id) => !(id in requiredInput)))('%s: nothing to check on the untouched form', (id) => {
    expect(checkBeforeSend(id, formOf(id))).toBeUndefined();
  });
});

describe('actionDisabled', () => {
  it.each(['extract-pages', 'delete-pages'] as const)('%s: disabled while the pages are blank after trimming', (id) => {
    expect(actionDisabled(id, { pages: '' })).toBe(true);
    expect(actionDisabled(id, { pages: '  ' })).toBe(true);
    expect(actionDisabled(id, { pages: '2' })).toBe(false);
  });

  it('watermark: disabled while the text is blank after trimming', () => {
    expect(actionDisabled('watermark-pdf', formOf('watermark-pdf'))).toBe(true);
    expect(actionDisabled('watermark-pdf', formOf('watermark-pdf', { text: '   ' }))).toBe(true);
    expect(actionDisabled('watermark-pdf', formOf('watermark-pdf', { text: 'A' }))).toBe(false);
  });

  it('protect is not disabled by its fields (it hides its action instead)', () => {
    expect(actionDisabled('protect-pdf', formOf('protect-pdf'))).toBe(false);
  });

  it.each(
    toolIds.filter(
      (id) =>
        ![
          'extract-pages',
          'delete-pages',
          'organize-pdf',
          'watermark-pdf',
          'sign-pdf',
          'redact-pdf',
          'add-text-images',
        ].includes(id),
    ),
  )('%s: enabled on the untouched form', (id) => {
    expect(actionDisabled(id, formOf(id))).toBe(false);
  });
});

describe('actionVisible', () => {
  it('protect: shown only when both password fields are filled', () => {
    const visible = (userPassword: string, confirmPassword: string) =>
      actionVisible('protect-pdf', formOf('protect-pdf', { userPassword, confirmPassword }));
    expect(visible('', '')).toBe(false);
    expect(visible('secret1', '')).toBe(false);
    expect(visible('', 'secret1')).toBe(false);
    // Different or short passwords still show it: pressing it gives the validation toast.
    expect(visible('secret1', 'other')).toBe(true);
    expect(visible('a', 'a')).toBe(true);
  });

  it.each(toolIds.filter((id) => id !== 'protect-pdf'))('%s: always shown once the file is ready', (id) => {
    expect(actionVisible(id, formOf(id))).toBe(true);
  });
});

describe('valuesAfterSuccess', () => {
  it('protect clears every password and keeps the permissions', () => {
    const before = formOf('protect-pdf', {
      userPassword: 'secret1',
      confirmPassword: 'secret1',
      ownerPassword: 'owner-pass',
      allowPrinting: false,
    });
    expect(valuesAfterSuccess('protect-pdf', before)).toEqual({
      ...before,
      userPassword: '',
      confirmPassword: '',
      ownerPassword: '',
    });
    expect(before['userPassword']).toBe('secret1');
  });

  it.each(['extract-pages', 'delete-pages'] as const)('%s clears the pages', (id) => {
    expect(valuesAfterSuccess(id, { pages: '1-3' })).toEqual({ pages: '' });
  });

  it('watermark clears the text and keeps its style', () => {
    const before = formOf('watermark-pdf', { text: 'DRAFT', opacity: '75', color: '#ff0000', position: 'top-left' });
    expect(valuesAfterSuccess('watermark-pdf', before)).toEqual({ ...before, text: '' });
  });

  it('unlock clears the password it was given', () => {
    expect(valuesAfterSuccess('unlock-pdf', { password: 'open me' })).toEqual({ password: '' });
  });

  it.each(['compress-pdf', 'split-pdf', 'rotate-pdf', 'page-numbers', 'pdf-to-jpg'] as const)(
    '%s keeps its choices',
    (id) => {
      const before = formOf(id);
      expect(valuesAfterSuccess(id, before)).toEqual(before);
    },
  );
});
