import type { DetectedType } from '@paperknife/catalog/file-types';
import { toolMessageKey } from '@paperknife/catalog/message-keys';
import { useEffect, useRef, useState } from 'react';
import { toast } from '~/components/ui/toast';
import { checkFile, looksLike, pickerAccept } from '~/features/tools/utils/file-check';
import {
  anyToolInput,
  anyToolTypes,
  kindNameKey,
  suggestTools,
  toolInputKinds,
} from '~/features/tools/utils/tool-suggestions';
import { useI18n } from '~/i18n/i18n-context';
import { siteConfig } from '~/site-config';
import { Button } from '~/components/ui/button';
import { DropZone } from './drop-zone';
import { type FileItem, FileRow } from './file-row';
import { formatSizeLimit } from '~/lib/format-size';

interface CheckedItem extends FileItem {
  detected?: DetectedType;
}

let nextId = 0;

/**
 * The "Try it now" box: drop files of any kind some tool takes (derived from the catalogue in
 * tool-suggestions.ts), then "Process Files" offers the tools that fit them and `openTool` carries the files into
 * the chosen tool's page. Nothing is uploaded here. It needs no router, so the
 * island of a page without the React app (decision 073) renders it too, starting with the files dropped before it
 * loaded.
 */
export function TryItBox({
  openTool,
  initialFiles,
}: {
  openTool: (toolPath: string, files: File[]) => void;
  initialFiles?: readonly File[];
}) {
  const { t, path, tag } = useI18n();
  const [items, setItems] = useState<CheckedItem[]>([]);
  const [choosing, setChoosing] = useState(false);
  const kinds = new Intl.ListFormat(tag, { type: 'conjunction' }).format(
    toolInputKinds.map((kind) => t(kindNameKey(kind.label))),
  );

  const update = (id: string, change: Partial<CheckedItem>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const add = (files: File[]) => {
    const fitting = files.filter((file) => looksLike(file, anyToolInput));
    if (fitting.length < files.length) {
      toast.error(t('files.invalidOne'), { description: t('tryIt.unsupported', { kinds }) });
    }
    const added = fitting.map((file): CheckedItem => ({
      id: `try-${nextId++}`,
      file,
      status: 'checking',
      progress: 0,
    }));
    setItems((current) => [...current, ...added]);
    setChoosing(false);
    for (const item of added) {
      void checkFile(item.file, anyToolTypes, siteConfig.limits.maxFileBytes, (progress) =>
        update(item.id, { progress }),
      ).then((result) => {
        if (result.problem || !result.detected) {
          setItems((current) => current.filter((candidate) => candidate.id !== item.id));
          const { problem } = result;
          const name = item.file.name;
          toast.error(problem?.kind === 'size' ? t('files.tooLarge') : t('files.invalidOne'), {
            description:
              problem?.kind === 'size'
                ? t('tryIt.tooLarge', { name, limit: formatSizeLimit(siteConfig.limits.maxFileBytes, tag) })
                : t('tryIt.notSupported', { name, kinds }),
          });
          return;
        }
        update(item.id, { status: 'success', progress: 100, detected: result.detected });
      });
    }
  };

  // Files dropped on the island before this box loaded are added once, as if dropped now.
  const firstFiles = useRef(initialFiles);
  useEffect(() => {
    const files = firstFiles.current;
    firstFiles.current = undefined;
    if (files && files.length > 0) add([...files]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  const ready = items.length > 0 && items.every((item) => item.status === 'success');
  const suggestions = ready ? suggestTools(items.map((item) => item.detected!)) : [];

  return (
    <div className="grid gap-4">
      <DropZone
        texts={{
          idle: t('tryIt.idle'),
          dragging: t('tryIt.dragging'),
          hint: kinds,
          limit: t('dropZone.limit', { size: formatSizeLimit(siteConfig.limits.maxFileBytes, tag) }),
        }}
        accept={pickerAccept(anyToolInput)}
        multiple
        onFiles={add}
      />
      {items.length > 0 ? (
        <ul className="grid gap-2" aria-label={t('tryIt.chosen')}>
          {items.map((item) => (
            <li key={item.id}>
              <FileRow
                item={item}
                onRemove={() => {
                  setItems((current) => current.filter((candidate) => candidate.id !== item.id));
                  setChoosing(false);
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {ready ? (
        <Button
          size="lg"
          className="w-full"
          onClick={() => setChoosing(true)}
          aria-expanded={choosing}
          aria-controls="try-it-tools"
        >
          {t('tryIt.process')}
        </Button>
      ) : null}
      {ready && choosing ? (
        <section
          id="try-it-tools"
          aria-labelledby="try-it-tools-title"
          className="rounded-xl border bg-card p-4 text-card-foreground"
        >
          <h3 id="try-it-tools-title" className="font-semibold">
            {suggestions.length > 0 ? t('tryIt.choose') : t('tryIt.noTool')}
          </h3>
          {suggestions.length > 0 ? (
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {suggestions.map((tool) => (
                <li key={tool.id}>
                  <button
                    type="button"
                    className="w-full rounded-md border p-3 text-start hover:bg-accent"
                    onClick={() =>
                      openTool(
                        path(tool.path),
                        items.map((item) => item.file),
                      )
                    }
                  >
                    <span className="block text-sm font-medium">{t(toolMessageKey(tool.id, 'title'))}</span>
                    <span className="block text-sm text-muted-foreground">
                      {t(toolMessageKey(tool.id, 'shortDescription'))}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">{t('tryIt.noToolText')}</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
