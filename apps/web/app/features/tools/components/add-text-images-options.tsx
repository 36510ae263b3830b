import { formControls } from '@paperknife/catalog/option-form';
import { MAX_PLACED_IMAGES, TEXT_SIZE } from '@paperknife/catalog/tools/add-text-images';
import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { useI18n } from '~/i18n/i18n-context';
import { Field } from './option-fields';
import { PlacedItemSettings } from './placed-item-settings';
import { translatedMeta } from './tool-options';
import { PagesLoading } from '~/features/tools/page-view/pages-loading';
import type { PageBox } from '~/features/tools/page-view/page-box';
import type { PreviewItem } from '~/features/tools/page-view/page-items-placement';
import type { OptionsPanelProps } from '~/features/tools/tool-page-extras';
import { setDataFiles } from '~/features/tools/utils/data-files';
import {
  type EditedItem,
  NEW_PICTURE_WIDTH,
  NEW_TEXT_BOX,
  PICTURE_TYPES,
  aspectOf,
  requestOf,
} from '~/features/tools/utils/placed-items';

// The page preview needs pdf.js: its own chunk, loaded once a PDF is dropped.
const PageItemsPlacement = lazy(() =>
  import('~/features/tools/page-view/page-items-placement').then((module) => ({
    default: module.PageItemsPlacement,
  })),
);

/** The page to work on, and the buttons that add a text box or a picture to it. */
function AddItemBar({
  page,
  pageCount,
  onPage,
  onAddText,
  onAddPicture,
}: {
  page: number;
  pageCount: number | undefined;
  onPage: (page: number) => void;
  onAddText: () => void;
  onAddPicture: (file: File | undefined) => void;
}) {
  const { t } = useI18n();
  const pictureInputId = useId();
  return (
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
              onPage(pageCount ? Math.min(next, pageCount) : next);
            }}
          />
        )}
      </Field>
      <Button type="button" variant="outline" onClick={onAddText}>
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
            onAddPicture(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
    </div>
  );
}

/**
 * Add Text and Images' options: pick a page, add text boxes and pictures, drag and resize them on the page's
 * preview, and set each text box's words, font, size, colour and alignment. The items go to the API as the JSON of
 * the `items` field, the pictures in its second upload field.
 */
export function AddTextImagesOptions({ tool, onChange, file }: OptionsPanelProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const textId = useId();
  const [items, setItems] = useState<EditedItem[]>([]);
  const [selected, setSelected] = useState<number>();
  const [page, setPage] = useState(1);
  const [pageCount, setPageCount] = useState<number>();
  const [pictureProblem, setPictureProblem] = useState(false);
  const nextId = useRef(1);
  const itemsControl = formControls(tool).find((control) => control.name === 'items');
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
  return (
    <div className="grid gap-5">
      <input type="text" readOnly tabIndex={-1} aria-label={itemsMeta.label} value={request.json} className="sr-only" />
      <AddItemBar
        page={page}
        pageCount={pageCount}
        onPage={setPage}
        onAddText={addText}
        onAddPicture={(chosen) => void addPicture(chosen)}
      />
      {pictureProblem ? (
        <p role="alert" className="text-sm text-destructive">
          {t('addText.imageUnreadable', { max: MAX_PLACED_IMAGES })}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">{itemsMeta.hint}</p>
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
        <PlacedItemSettings
          item={current}
          label={labelOf(current, items.indexOf(current) + 1)}
          textId={textId}
          onChange={(change) => update(current.id, change)}
          onRemove={() => remove(current.id)}
        />
      ) : null}
    </div>
  );
}
