import { formControls } from '@paperknife/catalog/option-form';
import {
  type PageRect,
  type RedactionBox,
  type RedactionHit,
  type RedactionHits,
  redactionPresets,
} from '@paperknife/catalog/redaction';
import type { ToolId } from '@paperknife/catalog/tools';
import { Loader2, Search } from 'lucide-react';
import { type FormEvent, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Textarea } from '~/components/ui/textarea';
import { ToolRequestError, callTool } from '~/features/tools/api/api-client';
import { errorWords } from '~/features/tools/api/error-words';
import { LazyRedactionPages } from '~/features/tools/page-view/lazy';
import { PagesLoading } from '~/features/tools/page-view/pages-loading';
import type { PageMark } from '~/features/tools/page-view/redaction-pages';
import type { OptionsPanelProps } from '~/features/tools/tool-page-extras';
import { useI18n } from '~/i18n/i18n-context';
import { CheckboxField, ColorField, TextField } from './option-fields';
import { DrawnBoxes, ReviewList } from './redaction-review';
import { translatedMeta } from './tool-options';

type Searching = { status: 'idle' } | { status: 'busy' } | { status: 'failed'; reason: string };

/** The option fields this panel fills; their words come from the catalogue. */
const SEARCH = 'search';
const REGEX = 'regex';
const CASE = 'caseSensitive';
const PRESETS = 'presets';
const BOXES = 'boxes';
const FILL = 'fill';
const OUTPUT = 'output';

function useFieldMeta(tool: ToolId) {
  const i18n = useI18n();
  return (name: string) => {
    const control = formControls(tool).find((candidate) => candidate.name === name);
    if (!control) throw new Error(`${tool} has no ${name} field`);
    return translatedMeta(tool, control, i18n);
  };
}

/**
 * Redact PDF's options: a search (words or an expression, and kinds of data) answered by the server's hits, a
 * review list where each hit is kept or dropped, boxes drawn on the page previews, and the boxes' colour. What is
 * sent to redact is only the kept hits and the drawn boxes (`boxes`), so a dropped hit stays in the document.
 */
export function RedactionPanel({ tool, values, onChange, file }: OptionsPanelProps) {
  const { t } = useI18n();
  const meta = useFieldMeta(tool);
  const [found, setFound] = useState<readonly RedactionHit[] | undefined>();
  const [dropped, setDropped] = useState<ReadonlySet<number>>(new Set());
  const [drawn, setDrawn] = useState<readonly RedactionBox[]>([]);
  const hits = found ?? [];

  // Another file is another document: its hits and boxes start afresh.
  useEffect(() => {
    setFound(undefined);
    setDropped(new Set());
    setDrawn([]);
  }, [file]);

  const boxes = useMemo<RedactionBox[]>(
    () => [
      ...(found ?? []).flatMap((hit, index) =>
        dropped.has(index) ? [] : hit.rects.map((rect) => ({ page: hit.page, rect, text: hit.text })),
      ),
      ...drawn,
    ],
    [found, dropped, drawn],
  );
  const sent = boxes.length > 0 ? JSON.stringify(boxes) : '';
  useEffect(() => {
    if (values[BOXES] !== sent) onChange(BOXES, sent);
  }, [sent, values, onChange]);

  const fillMeta = meta(FILL);
  const boxesMeta = meta(BOXES);
  const fill = typeof values[FILL] === 'string' ? values[FILL] : '#000000';
  const marks: PageMark[] = [
    ...hits.flatMap((hit, index) =>
      hit.rects.map((rect, part) => ({
        key: `hit-${index}-${part}`,
        page: hit.page,
        rect,
        kind: dropped.has(index) ? ('dropped' as const) : ('kept' as const),
      })),
    ),
    ...drawn.map((box, index) => ({ key: `box-${index}`, page: box.page, rect: box.rect, kind: 'drawn' as const })),
  ];
  const toggle = (index: number, keep: boolean) =>
    setDropped((current) => {
      const next = new Set(current);
      if (keep) next.delete(index);
      else next.add(index);
      return next;
    });
  const onDraw = (page: number, rect: PageRect) =>
    setDrawn((current) => [...current, { page, rect: rect.map((n) => Math.round(n * 10) / 10) as PageRect }]);

  return (
    <div className="grid gap-6">
      <SearchForm
        tool={tool}
        file={file}
        onFound={(next) => {
          setFound(next);
          setDropped(new Set());
        }}
      />
      {found ? (
        <ReviewList
          hits={found}
          dropped={dropped}
          onToggle={toggle}
          onAll={(keep) => setDropped(keep ? new Set() : new Set(found.keys()))}
        />
      ) : null}
      <DrawnBoxes
        boxes={drawn}
        onRemove={(index) => setDrawn((current) => current.filter((_, other) => other !== index))}
      />
      <p className="text-sm font-medium" data-testid="redaction-count" aria-live="polite">
        {t('redact.summary', { count: boxes.length })}
      </p>
      <div className="max-w-xs">
        <ColorField label={fillMeta.label} value={fill} onChange={(next) => onChange(FILL, next)} fallback="#000000" />
      </div>
      <SentBoxes label={boxesMeta.label} hint={boxesMeta.hint} value={sent} />
      {file ? (
        <Suspense fallback={<PagesLoading />}>
          <LazyRedactionPages file={file} marks={marks} onDraw={onDraw} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** What the run sends as `boxes`, for those who want to see it or reuse it with the API; read-only. */
function SentBoxes({ label, hint, value }: { label: string; hint: string | undefined; value: string }) {
  const hintId = useId();
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">{label}</summary>
      <div className="mt-2 grid gap-2">
        {hint ? (
          <p id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
        <Textarea
          readOnly
          aria-label={label}
          aria-describedby={hint ? hintId : undefined}
          value={value}
          className="font-mono text-xs"
        />
      </div>
    </details>
  );
}

/** The search: words or an expression and kinds of data, sent with `output=hits`; the hits go to the review. */
function SearchForm({
  tool,
  file,
  onFound,
}: {
  tool: ToolId;
  file: File | undefined;
  onFound: (hits: readonly RedactionHit[]) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const meta = useFieldMeta(tool);
  const [search, setSearch] = useState('');
  const [regex, setRegex] = useState(false);
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [presets, setPresets] = useState<ReadonlySet<string>>(new Set());
  const [searching, setSearching] = useState<Searching>({ status: 'idle' });
  const nothingToFind = search.trim() === '' && presets.size === 0;

  const find = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || nothingToFind) return;
    setSearching({ status: 'busy' });
    const form = new FormData();
    form.append('file', file);
    if (search.trim() !== '') form.append(SEARCH, search.trim());
    form.append(REGEX, String(regex));
    form.append(CASE, String(caseSensitive));
    if (presets.size > 0) form.append(PRESETS, [...presets].join(','));
    form.append(OUTPUT, 'hits');
    try {
      const response = await callTool(tool, form);
      const found = JSON.parse(await response.blob.text()) as RedactionHits;
      setSearching({ status: 'idle' });
      onFound(found.hits);
    } catch (error) {
      const reason = error instanceof ToolRequestError ? errorWords(i18n, error.code, error.message) : t('toast.error');
      setSearching({ status: 'failed', reason });
    }
  };

  const searchMeta = meta(SEARCH);
  const presetsMeta = meta(PRESETS);
  const presetChoices = presetsMeta.control.kind === 'checkboxes' ? presetsMeta.control.choices : [];
  const busy = searching.status === 'busy';
  return (
    <form className="grid gap-4" onSubmit={(event) => void find(event)} role="search">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grow">
          <TextField
            label={searchMeta.label}
            value={search}
            onChange={setSearch}
            {...(searchMeta.placeholder ? { placeholder: searchMeta.placeholder } : {})}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={!file || busy || nothingToFind}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
          {busy ? t('redact.searching') : t('redact.find')}
        </Button>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <CheckboxField label={meta(REGEX).label} checked={regex} onChange={setRegex} />
        <CheckboxField label={meta(CASE).label} checked={caseSensitive} onChange={setCaseSensitive} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{presetsMeta.label}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {redactionPresets.map((preset) => (
            <CheckboxField
              key={preset}
              label={presetChoices.find((choice) => choice.value === preset)?.label ?? preset}
              checked={presets.has(preset)}
              onChange={(checked) =>
                setPresets((current) => {
                  const next = new Set(current);
                  if (checked) next.add(preset);
                  else next.delete(preset);
                  return next;
                })
              }
            />
          ))}
        </div>
      </fieldset>
      {searching.status === 'failed' ? (
        <p role="alert" className="text-sm text-destructive">
          {searching.reason}
        </p>
      ) : null}
    </form>
  );
}
