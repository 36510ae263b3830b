import { type FormControl, formControls } from '@paperknife/catalog/option-form';
import {
  MAX_PLACED_IMAGES,
  TEXT_SIZE,
  type TextAlignment,
  type TextFont,
  textAlignments,
  textFonts,
} from '@paperknife/catalog/tools/add-text-images';
import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { useI18n } from '~/i18n/i18n-context';
import { CheckboxField, ColorField, Field, SelectField, SliderField } from './option-fields';
import { translatedMeta } from './tool-options';
import { PagesLoading } from '~/features/tools/page-view/pages-loading';
import type { PageBox } from '~/features/tools/page-view/page-box';
import type { PreviewItem } from '~/features/tools/page-view/page-items-placement';
import type { OptionsPanelProps } from '~/features/tools/tool-page-extras';
import { setDataFiles } from '~/features/tools/utils/data-files';

// The page preview needs pdf.js: its own chunk, loaded once a PDF is dropped.
const PageItemsPlacement = lazy(() =>
  import('~/features/tools/page-view/page-items-placement').then((module) => ({
    default: module.PageItemsPlacement,
  })),
);

/** An item being edited: a text box, or a picture with the file it shows. */
interface EditedItem extends Omit<PreviewItem, 'label' | 'pictureUrl'> {
  page: number;
  picture?: { file: File; url: string };
}

const PICTURE_TYPES = ['image/png', 'image/jpeg'];
const NEW_TEXT_BOX: PageBox = { x: 0.1, y: 0.1, width: 0.5, height: 0.08 };
/** A new picture's width, as a fraction of the page's; its height follows its proportions. */
const NEW_PICTURE_WIDTH = 0.3;

const round = (value: number) => Math.round(value * 10_000) / 10_000;

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * The items as the API takes them (text boxes with words in them, sizes within bounds, colours being typed sent as
 * black until they are whole), and the pictures to upload, numbered in the order the items use them.
 */
function requestOf(items: readonly EditedItem[]): { json: string; count: number; pictures: File[] } {
  const pictures: File[] = [];
  const sent = items
    .filter((item) => (item.kind === 'image' ? item.picture !== undefined : item.text.trim() !== ''))
    .map((item) => {
      const box = {
        x: round(item.box.x),
        y: round(item.box.y),
        width: round(item.box.width),
        height: round(item.box.height),
      };
      const base = { page: item.page, kind: item.kind, ...box, opacity: item.opacity };
      if (item.kind === 'text') {
        const { text, font, bold, align } = item;
        const size = Math.min(TEXT_SIZE.max, Math.max(TEXT_SIZE.min, item.size));
        const color = HEX_COLOUR.test(item.color) ? item.color.toLowerCase() : '#000000';
        return { ...base, text, font, size, color, bold, align };
      }
      let index = pictures.indexOf(item.picture!.file);
      if (index < 0) index = pictures.push(item.picture!.file) - 1;
      return { ...base, image: index };
    });
  return { json: sent.length > 0 ? JSON.stringify(sent) : '', count: sent.length, pictures };
}

/** A picture's width over its height, read by the browser; undefined when it cannot be read. */
function aspectOf(url: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalHeight > 0 ? image.naturalWidth / image.naturalHeight : undefined);
    image.onerror = () => resolve(undefined);
    image.src = url;
  });
}

/**
 * Add Text and Images' options: pick a page, add text boxes and pictures, drag and resize them on the page's
 * preview, and set each text box's words, font, size, colour and alignment. The items go to the API as the JSON of
 * the `items` field, the pictures in its second upload field.
 */
export function AddTextImagesOptions({ tool, onChange, file }: OptionsPanelProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const pictureInputId = useId();
  const textId = useId();
  const [items, setItems] = useState<EditedItem[]>([]);
  const [selected, setSelected] = useState<number>();
  const [page, setPage] = useState(1);
  const [pageCount, setPageCount] = useState<number>();
  const [pictureProblem, setPictureProblem] = useState(false);
  const nextId = useRef(1);
  const controls = new Map<string, FormControl>(formControls(tool).map((control) => [control.name, control]));
  const itemsControl = controls.get('items');
  if (!itemsControl) throw new Error(`${tool} has no items field`);
  const itemsMeta = translatedMeta(tool, itemsControl, i18n);
  const request = requestOf(items);

  useEffect(() => {
    onChange('items', request.json);
    setDataFiles(tool, request.pictures);
    // The pictures change only with the JSON that numbers them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request.json, tool, onChange]);

  // Object URLs live as long as their items; everything is let go with the panel.
  const urls = useRef(new Set<string>());
  useEffect(
    () => () => {
      setDataFiles(tool, []);
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [tool],
  );

  const update = (id: number, change: Partial<EditedItem>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  const onBoxChange = useCallback(
    (id: number, box: PageBox) =>
      setItems((current) => current.map((item) => (item.id === id ? { ...item, box } : item))),
    [],
  );
  const remove = useCallback((id: number) => {
    setItems((current) => {
      const gone = current.find((item) => item.id === id);
      if (gone?.picture && !current.some((item) => item.id !== id && item.picture?.url === gone.picture?.url)) {
        URL.revokeObjectURL(gone.picture.url);
        urls.current.delete(gone.picture.url);
      }
      return current.filter((item) => item.id !== id);
    });
    setSelected(undefined);
  }, []);
  const add = (item: Omit<EditedItem, 'id' | 'page'>) => {
    const id = nextId.current++;
    setItems((current) => [...current, { ...item, id, page }]);
    setSelected(id);
    return id;
  };
  const addText = () => {
    add({
      kind: 'text',
      box: NEW_TEXT_BOX,
      text: '',
      font: 'sans',
      size: TEXT_SIZE.default,
      color: '#000000',
      bold: false,
      align: 'start',
      opacity: 1,
    });
    // The text field appears with the new box: typing goes straight into it.
    requestAnimationFrame(() => document.getElementById(textId)?.focus());
  };
  const addPicture = async (chosen: File | undefined) => {
    setPictureProblem(false);
    if (!chosen) return;
    const url = URL.createObjectURL(chosen);
    const aspect = PICTURE_TYPES.includes(chosen.type) ? await aspectOf(url) : undefined;
    if (!aspect || new Set(requestOf(items).pictures).size >= MAX_PLACED_IMAGES) {
      URL.revokeObjectURL(url);
      setPictureProblem(true);
      return;
    }
    urls.current.add(url);
    const height = Math.min(0.8, NEW_PICTURE_WIDTH / aspect);
    add({
      kind: 'image',
      box: { x: 0.1, y: 0.1, width: NEW_PICTURE_WIDTH, height },
      text: '',
      font: 'sans',
      size: TEXT_SIZE.default,
      color: '#000000',
      bold: false,
      align: 'start',
      opacity: 1,
      picture: { file: chosen, url },
    });
  };

  const numbered = items.map((item, index) => ({ item, number: index + 1 }));
  const labelOf = (item: EditedItem, number: number) =>
    t(item.kind === 'text' ? 'addText.textItem' : 'addText.imageItem', { number, page: item.page });
  const onPage: PreviewItem[] = numbered
    .filter(({ item }) => item.page === page)
    .map(({ item, number }) => ({ ...item, label: labelOf(item, number), pictureUrl: item.picture?.url }));
  const current = items.find((item) => item.id === selected);
  const fontNames: Record<TextFont, string> = {
    sans: t('addText.font.sans'),
    serif: t('addText.font.serif'),
    mono: t('addText.font.mono'),
  };
  const alignNames: Record<TextAlignment, string> = {
    start: t('addText.align.start'),
    left: t('addText.align.left'),
    center: t('addText.align.center'),
    right: t('addText.align.right'),
  };

  return (
    <div className="grid gap-5">
      <input type="text" readOnly tabIndex={-1} aria-label={itemsMeta.label} value={request.json} className="sr-only" />
      <div className="flex flex-wrap items-end gap-4">
        <Field label={t('addText.page')}>
          {(id) => (
            <Input
              id={id}
              type="number"
              min={1}
              max={pageCount}
              inputMode="numeric"
              className="w-24"
              value={page}
              onChange={(event) => {
                const next = Math.max(1, Number.parseInt(event.target.value, 10) || 1);
                setPage(pageCount ? Math.min(next, pageCount) : next);
              }}
            />
          )}
        </Field>
        <Button type="button" variant="outline" onClick={addText}>
          {t('addText.addText')}
        </Button>
        <div className="grid gap-2">
          <label htmlFor={pictureInputId} className="text-sm font-medium">
            {t('addText.addImage')}
          </label>
          <input
            id={pictureInputId}
            type="file"
            accept={PICTURE_TYPES.join(',')}
            className="text-sm"
            onChange={(event) => {
              void addPicture(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </div>
      </div>
      {pictureProblem ? (
        <p role="alert" className="text-sm text-destructive">
          {t('addText.imageUnreadable', { max: MAX_PLACED_IMAGES })}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {items.length === 0 ? t('addText.empty') : t('addText.summary', { count: request.count })}
      </p>
      {file ? (
        <Suspense fallback={<PagesLoading />}>
          <PageItemsPlacement
            key={`${file.name}:${file.size}:${file.lastModified}`}
            file={file}
            pageNumber={page}
            items={onPage}
            selected={selected}
            onSelect={setSelected}
            onBoxChange={onBoxChange}
            onRemove={remove}
            onPageCount={setPageCount}
          />
        </Suspense>
      ) : null}
      {current ? (
        <fieldset className="grid gap-4 rounded-md border border-input p-4">
          <legend className="px-1 text-sm font-medium">
            {t('addText.settings', { item: labelOf(current, items.indexOf(current) + 1) })}
          </legend>
          {current.kind === 'text' ? (
            <>
              <div className="grid gap-2">
                <label htmlFor={textId} className="text-sm font-medium">
                  {t('addText.text')}
                </label>
                <Textarea
                  id={textId}
                  dir="auto"
                  rows={3}
                  value={current.text}
                  onChange={(event) => update(current.id, { text: event.target.value })}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-3">
                <SelectField
                  label={t('addText.font')}
                  value={current.font}
                  onChange={(next) => update(current.id, { font: next as TextFont })}
                  options={textFonts.map((value) => ({ value, label: fontNames[value] }))}
                />
                <Field label={t('addText.size')}>
                  {(id) => (
                    <Input
                      id={id}
                      type="number"
                      min={TEXT_SIZE.min}
                      max={TEXT_SIZE.max}
                      value={current.size}
                      onChange={(event) => update(current.id, { size: Number(event.target.value) || TEXT_SIZE.min })}
                    />
                  )}
                </Field>
                <SelectField
                  label={t('addText.align')}
                  value={current.align}
                  onChange={(next) => update(current.id, { align: next as TextAlignment })}
                  options={textAlignments.map((value) => ({ value, label: alignNames[value] }))}
                />
                <ColorField
                  label={t('addText.colour')}
                  value={current.color}
                  fallback="#000000"
                  onChange={(color) => update(current.id, { color })}
                />
                <div className="self-end pb-2">
                  <CheckboxField
                    label={t('addText.bold')}
                    checked={current.bold}
                    onChange={(bold) => update(current.id, { bold })}
                  />
                </div>
              </div>
            </>
          ) : null}
          <SliderField
            label={t('addText.opacity')}
            value={String(Math.round(current.opacity * 100))}
            onChange={(next) => update(current.id, { opacity: Math.max(5, Number(next)) / 100 })}
            min={5}
            max={100}
            step={5}
            unit="%"
          />
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => remove(current.id)}>
              {t('addText.remove')}
            </Button>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
