import { acceptedTypes } from '@paperknife/catalog/file-types';
import { toolMessageKey } from '@paperknife/catalog/message-keys';
import type { ToolId } from '@paperknife/catalog/tools';
import { useCallback, useRef, useState } from 'react';
import { toast } from '~/components/ui/toast';
import { checkFile, looksLike } from '~/features/tools/utils/file-check';
import { useI18n } from '~/i18n/i18n-context';
import { siteConfig } from '~/site-config';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import type { FileItem } from '~/features/tools/components/file-row';
import { formatSizeLimit } from '~/lib/format-size';

let nextId = 0;
const newId = () => `file-${Date.now().toString(36)}-${(nextId++).toString(36)}`;

/**
 * The files of a tool page: what was dropped, checked in the browser (type by content, size against the
 * configured limit, or `maxBytes` when the tool runs in the browser) with the row's progress showing that reading,
 * and the seed's toasts for what does not fit.
 */
export function useToolFiles(id: ToolId, maxBytes = siteConfig.limits.maxFileBytes) {
  const { t, tag } = useI18n();
  const tool = toolInfo[id];
  const multiple = tool.files.max === null || tool.files.max > 1;
  const invalidType = t(multiple ? 'files.invalidMany' : 'files.invalidOne');
  const invalidTypeText = t(toolMessageKey(id, 'invalidTypeDescription'));
  const [items, setItems] = useState<FileItem[]>([]);
  // The items still wanted: a check that ends after its item was removed or replaced changes nothing.
  const wanted = useRef(new Set<string>());

  const update = useCallback((itemId: string, change: Partial<FileItem>) => {
    setItems((current) => current.map((item) => (item.id === itemId ? { ...item, ...change } : item)));
  }, []);

  const remove = useCallback((itemId: string) => {
    wanted.current.delete(itemId);
    setItems((current) => current.filter((item) => item.id !== itemId));
  }, []);

  const clear = useCallback(() => {
    wanted.current.clear();
    setItems([]);
  }, []);

  const check = useCallback(
    async (item: FileItem) => {
      const accepted = acceptedTypes[tool.input.label];
      const result = await checkFile(item.file, accepted, maxBytes, (progress) => {
        if (wanted.current.has(item.id)) update(item.id, { progress });
      });
      if (!wanted.current.has(item.id)) return;
      if (!result.problem) {
        update(item.id, { status: 'success', progress: 100 });
        return;
      }
      remove(item.id);
      const { problem } = result;
      const name = item.file.name;
      if (problem.kind === 'type') {
        toast.error(invalidType, { description: invalidTypeText });
      } else if (problem.kind === 'size') {
        toast.error(t('files.tooLarge'), {
          description: t('files.tooLarge.text', { name, limit: formatSizeLimit(maxBytes, tag) }),
        });
      } else if (problem.kind === 'empty') {
        toast.error(t('files.empty'), { description: t('files.empty.text', { name }) });
      } else {
        toast.error(t('files.unreadable'), { description: t('files.unreadable.text', { name }) });
      }
    },
    [invalidType, invalidTypeText, maxBytes, remove, t, tag, tool, update],
  );

  const add = useCallback(
    (dropped: readonly File[]) => {
      if (dropped.length === 0) return;
      if (!multiple && dropped.length > 1) {
        toast.error(t('files.tooMany'), { description: t('files.tooMany.text', { kind: tool.input.label }) });
        return;
      }
      const fitting = dropped.filter((file) => looksLike(file, tool.input));
      if (fitting.length < dropped.length) {
        toast.error(invalidType, { description: invalidTypeText });
      }
      if (fitting.length === 0) return;
      const added = fitting.map((file): FileItem => ({ id: newId(), file, status: 'checking', progress: 0 }));
      if (!multiple) wanted.current.clear();
      for (const item of added) wanted.current.add(item.id);
      setItems((current) => (multiple ? [...current, ...added] : added));
      for (const item of added) void check(item);
    },
    [check, invalidType, invalidTypeText, multiple, t, tool],
  );

  /** Moves a file to `index` in the list (merge order); out-of-range moves change nothing. */
  const moveTo = useCallback((itemId: string, index: number) => {
    setItems((current) => {
      const from = current.findIndex((item) => item.id === itemId);
      if (from < 0 || index < 0 || index >= current.length || from === index) return current;
      const next = [...current];
      const [moved] = next.splice(from, 1);
      next.splice(index, 0, moved!);
      return next;
    });
  }, []);

  const allReady = items.length > 0 && items.every((item) => item.status === 'success');
  return { items, add, remove, clear, moveTo, multiple, allReady };
}

export type ToolFiles = ReturnType<typeof useToolFiles>;
