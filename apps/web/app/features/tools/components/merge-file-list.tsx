import { ArrowDown, ArrowUp, ChevronDown, FileText, GripVertical, Loader2 } from 'lucide-react';
import { Suspense, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { useI18n } from '~/i18n/i18n-context';
import { LazyFilePages, LazyFirstPagePreview } from '~/features/tools/page-view/lazy';
import { type FileItem, FileRow } from './file-row';
import { ImageThumbnail } from './image-thumbnail';

/**
 * Merge's file list, in merge order: drag a row (by mouse or touch-free pointer) or use its move buttons; focus
 * stays on the moved file's button and a live region says where it went. A PDF's row shows its first page and can
 * unfold to show all its pages (opened in the browser only while unfolded); an image's row shows the image.
 */
export function MergeFileList({
  items,
  files,
  disabled,
  onRemove,
  onMoveTo,
}: {
  items: readonly FileItem[];
  /** What the files are: PDFs (drawn by pdf.js) or images (drawn by the browser). */
  files: 'pdf' | 'image';
  disabled: boolean;
  onRemove: (id: string) => void;
  onMoveTo: (id: string, index: number) => void;
}) {
  const { t } = useI18n();
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | undefined>();
  const list = useRef<HTMLOListElement>(null);
  const pagesId = useId();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggleExpanded = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const moveBy = (item: FileItem, index: number, offset: number, direction: 'up' | 'down') => {
    onMoveTo(item.id, index + offset);
    setAnnouncement(t('merge.moved', { name: item.file.name, position: index + offset + 1, total: items.length }));
    // Keep focus on the same control of the moved row once it has re-rendered in its new place.
    requestAnimationFrame(() => {
      const button = list.current?.querySelector<HTMLButtonElement>(`[data-move="${direction}-${item.id}"]`);
      (button && !button.disabled
        ? button
        : list.current?.querySelector<HTMLButtonElement>(`[data-move$="-${item.id}"]:not(:disabled)`)
      )?.focus();
    });
  };

  return (
    <>
      <ol ref={list} className="grid gap-2" aria-label={t('merge.list')}>
        {items.map((item, index) => {
          const hasPages = files === 'pdf' && item.status === 'success';
          const isExpanded = hasPages && expanded.has(item.id);
          return (
            <li
              key={item.id}
              draggable={!disabled}
              onDragStart={(event) => {
                setDragging(item.id);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', item.id);
              }}
              onDragOver={(event) => {
                if (dragging) event.preventDefault();
              }}
              onDrop={(event) => {
                event.preventDefault();
                event.stopPropagation();
                if (dragging && dragging !== item.id) {
                  onMoveTo(dragging, index);
                  const moved = items.find((candidate) => candidate.id === dragging);
                  if (moved) {
                    setAnnouncement(
                      t('merge.moved', { name: moved.file.name, position: index + 1, total: items.length }),
                    );
                  }
                }
                setDragging(undefined);
              }}
              onDragEnd={() => setDragging(undefined)}
              className={dragging === item.id ? 'opacity-50' : undefined}
              data-testid="merge-item"
            >
              <FileRow
                item={item}
                onRemove={() => onRemove(item.id)}
                disabled={disabled}
                preview={
                  item.status !== 'success' ? undefined : hasPages ? (
                    <Suspense fallback={<FileText className="size-8 shrink-0 text-primary" aria-hidden="true" />}>
                      <LazyFirstPagePreview file={item.file} />
                    </Suspense>
                  ) : (
                    <ImageThumbnail file={item.file} />
                  )
                }
              >
                {hasPages ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => toggleExpanded(item.id)}
                    aria-expanded={isExpanded}
                    aria-label={t(isExpanded ? 'merge.hidePagesOf' : 'merge.showPagesOf', { name: item.file.name })}
                    aria-controls={isExpanded ? `${pagesId}-${item.id}` : undefined}
                  >
                    <ChevronDown className={isExpanded ? 'rotate-180' : undefined} aria-hidden="true" />
                    {isExpanded ? t('merge.hidePages') : t('merge.showPages')}
                  </Button>
                ) : null}
                <GripVertical className="size-5 cursor-grab text-muted-foreground" aria-hidden="true" />
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={disabled || index === 0}
                  onClick={() => moveBy(item, index, -1, 'up')}
                  aria-label={t('merge.moveUp', { name: item.file.name })}
                  data-move={`up-${item.id}`}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={disabled || index === items.length - 1}
                  onClick={() => moveBy(item, index, 1, 'down')}
                  aria-label={t('merge.moveDown', { name: item.file.name })}
                  data-move={`down-${item.id}`}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
              </FileRow>
              {isExpanded ? (
                <div id={`${pagesId}-${item.id}`} className="mt-2">
                  <Suspense
                    fallback={<Loader2 className="size-4 animate-spin text-muted-foreground" aria-hidden="true" />}
                  >
                    <LazyFilePages file={item.file} />
                  </Suspense>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
