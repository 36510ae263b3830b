import { formControls, selectChoices, sliderRange } from '@paperknife/catalog/option-form';
import type { BlankPageList } from '@paperknife/catalog/tools/remove-blank-pages';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '~/i18n/i18n-context';
import { callTool } from '~/features/tools/api/api-client';
import { formatPageRanges } from '~/features/tools/page-view/page-selection';
import type { OptionsPanelProps } from '~/features/tools/tool-page-extras';
import { SelectField, SliderField, TextField } from './option-fields';
import { translatedMeta } from './tool-options';

/** How long the threshold rests before the pages are measured again. */
const SETTLE_MS = 400;

type Finding = { status: 'idle' | 'finding' } | { status: 'found'; blank: number[] } | { status: 'failed' };

/**
 * Remove Blank Pages' options: the threshold, the pages to remove, which the server's list of blank pages fills
 * in (`output: list`) as soon as a PDF is dropped and again when the threshold changes, and what to download. The page previews
 * below show them ticked, for review before anything is removed.
 */
export function BlankPageOptions({ tool, values, onChange, file }: OptionsPanelProps) {
  const i18n = useI18n();
  const controls = formControls(tool);
  const control = (name: string) => {
    const found = controls.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`${tool} has no ${name} field`);
    return { ...found, meta: translatedMeta(tool, found, i18n) };
  };
  const threshold = control('threshold');
  const pages = control('pages');
  const output = control('output');
  const outputValue = typeof values['output'] === 'string' ? values['output'] : '';
  const thresholdValue = typeof values['threshold'] === 'string' ? values['threshold'] : '';
  const pagesValue = typeof values['pages'] === 'string' ? values['pages'] : '';
  const [finding, setFinding] = useState<Finding>({ status: 'idle' });
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setFinding({ status: 'finding' });
      const form = new FormData();
      form.append('output', 'list');
      if (thresholdValue !== '') form.append('threshold', thresholdValue);
      form.append('file', file, file.name);
      callTool(tool, form, { signal: controller.signal })
        .then(async (response) => {
          const list = JSON.parse(await response.blob.text()) as BlankPageList;
          const blank = list.pages.filter((page) => page.blank).map((page) => page.page);
          change.current('pages', formatPageRanges(blank));
          setFinding({ status: 'found', blank });
        })
        .catch(() => {
          if (!controller.signal.aborted) setFinding({ status: 'failed' });
        });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [tool, file, thresholdValue]);

  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <SliderField
          label={threshold.meta.label}
          value={thresholdValue}
          onChange={(next) => onChange('threshold', next)}
          {...sliderRange(threshold)}
          unit={threshold.meta.control.kind === 'slider' ? (threshold.meta.control.unit ?? '') : ''}
        />
        {threshold.meta.hint ? <p className="text-sm text-muted-foreground">{threshold.meta.hint}</p> : null}
      </div>
      <TextField
        label={pages.meta.label}
        value={pagesValue}
        onChange={(next) => onChange('pages', next)}
        {...(pages.meta.hint ? { hint: pages.meta.hint } : {})}
        {...(pages.meta.placeholder ? { placeholder: pages.meta.placeholder } : {})}
      />
      <SelectField
        label={output.meta.label}
        value={outputValue}
        onChange={(next) => onChange('output', next)}
        options={selectChoices(output)}
      />
      {file ? (
        <p className="text-sm" role="status" aria-live="polite" data-testid="blank-pages-status">
          {finding.status === 'found'
            ? finding.blank.length === 0
              ? i18n.t('blankPages.none')
              : i18n.t('blankPages.found', { count: finding.blank.length })
            : finding.status === 'failed'
              ? i18n.t('blankPages.failed')
              : i18n.t('blankPages.finding')}
        </p>
      ) : null}
    </div>
  );
}
