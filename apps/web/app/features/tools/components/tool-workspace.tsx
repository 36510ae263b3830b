import { toolMessageKey } from '@paperknife/catalog/message-keys';
import type { ToolId } from '@paperknife/catalog/tools';
import type { Translator } from '@paperknife/i18n/translator';
import { Suspense, lazy, useEffect } from 'react';
import type { DeviceEngine } from '~/features/tools/device/device-protocol';
import { DEVICE_MAX_FILE_BYTES, deviceEngineOf, hasDeviceWay } from '~/features/tools/device/device-tools';
import { type RunWhere, useRunWhere } from '~/features/tools/device/run-where';
import { RunWhereChoice } from '~/features/tools/device/run-where-choice';
import { type ToolFiles, useToolFiles } from '~/features/tools/hooks/use-tool-files';
import { preloadPageView } from '~/features/tools/page-view/lazy';
import { pageExtrasOf } from '~/features/tools/tool-page-extras';
import { pickerAccept } from '~/features/tools/utils/file-check';
import { takeHandedOverFiles, takeStoredHandOver } from '~/features/tools/utils/pending-files';
import { type ToolInfo, pagePickingTools, toolInfo } from '~/lib/tool-info.prebuilt';
import { useI18n } from '~/i18n/i18n-context';
import { siteConfig } from '~/site-config';
import { type DropZoneTexts, DropZone } from './drop-zone';
import { FileRow } from './file-row';
import { RunPanel } from './run-panel';
import { useToolRun } from './use-tool-run';
import { preloadWorkspaceForm, useWorkspaceForm } from './use-workspace-form';
import { formatSizeLimit } from '~/lib/format-size';

/** The drop zone's words: the seed's for page numbers, the same pattern for every tool. */
function dropZoneTexts(id: ToolId, { t, tag }: Translator, maxFileBytes: number): DropZoneTexts {
  const tool = toolInfo[id];
  const kind = tool.input.label;
  const several = tool.files.max !== 1;
  return {
    idle: several ? t('dropZone.idle.many', { kind }) : t('dropZone.idle.one', { kind }),
    dragging: several ? t('dropZone.dragging.many', { kind }) : t('dropZone.dragging.one', { kind }),
    hint: t(toolMessageKey(id, 'dropHint')),
    limit: t('dropZone.limit', { size: formatSizeLimit(maxFileBytes, tag) }),
  };
}

/** Takes the files another page handed over (the Try it now box), once, as the workspace opens. */
function useHandedOverFiles(tool: ToolInfo, add: ToolFiles['add']): void {
  useEffect(() => {
    const path = tool.paths.canonical;
    const handed = takeHandedOverFiles(path);
    if (handed) add(handed);
    // From a page without the React app the files come across a page load (decision 073).
    else void takeStoredHandOver(path).then((stored) => stored && add(stored));
  }, [add, tool]);
}

/**
 * pdf.js loads once a file is dropped, never before (decision 095), and opens a single dropped file while the
 * file is checked, not after.
 */
function usePageViewPreload(id: ToolId, files: ToolFiles): void {
  const picksPages = pagePickingTools.includes(id);
  const ordered = toolInfo[id].files.max !== 1 && toolInfo[id].input.label === 'PDF';
  const wantsPreviews = (picksPages || ordered) && files.items.length > 0;
  const fileToPick = picksPages && !files.multiple ? files.items[0]?.file : undefined;
  useEffect(() => {
    if (wantsPreviews) preloadPageView(fileToPick);
  }, [wantsPreviews, fileToPick]);
}

/**
 * Where the tool runs, for a tool that can run in the browser: the remembered choice. The worker and its wasm start
 * once the device way is chosen and files are there, or at once when the visitor picks it. With the device way
 * remembered, the few kilobytes of page code that start them come ahead, so a drop starts the worker at once
 * rather than after fetching that code beside pdf.js.
 */
function useRunWhereOf(id: ToolId, files: ToolFiles): [RunWhere, (where: RunWhere) => void] {
  const engine = deviceEngineOf(id);
  const [remembered, remember] = useRunWhere(engine);
  const where = hasDeviceWay(id) ? remembered : 'server';
  const hasFiles = files.items.length > 0;
  useEffect(() => {
    if (where !== 'device' || !engine) return;
    if (hasFiles) warmUpDevice(engine);
    else void loadDeviceClient().catch(() => {}); // the run imports it again, and reports a failure
  }, [where, hasFiles, engine]);
  const choose = (next: RunWhere) => {
    remember(next);
    if (next === 'device' && engine) warmUpDevice(engine);
  };
  return [where, choose];
}

/**
 * The list that orders several files: shown only once files are dropped, so it is not part of the tool page's
 * first JavaScript; the drop zone fetches it as the visitor approaches it (`onApproach`), with the options' form.
 */
const loadMergeFileList = () => import('./merge-file-list');
const LazyMergeFileList = lazy(() => loadMergeFileList().then((module) => ({ default: module.MergeFileList })));

const preloadAfterDrop = () => {
  preloadWorkspaceForm();
  void loadMergeFileList().catch(() => {}); // the list's own load, once files come, says so
};

const loadDeviceClient = () => import('~/features/tools/device/device-client');
const warmUpDevice = (engine: DeviceEngine) => void loadDeviceClient().then((device) => device.warmUpDevice(engine));

/**
 * A tool at work: drop zone, file rows, options and action, with the seed's states (section 4), validation
 * toasts (section 5) and success/error handling (section 8), then the tool's own result view. Files leave the
 * browser only when the action is pressed.
 */
export function ToolWorkspace({ id }: { id: ToolId }) {
  const i18n = useI18n();
  const tool = toolInfo[id];
  const { AfterSuccess } = pageExtrasOf(id);
  const [remembered] = useRunWhere(deviceEngineOf(id));
  const maxFileBytes =
    hasDeviceWay(id) && remembered === 'device' ? DEVICE_MAX_FILE_BYTES : siteConfig.limits.maxFileBytes;
  const files = useToolFiles(id, maxFileBytes);
  const [where, setWhere] = useRunWhereOf(id, files);
  const { form, values, setValues } = useWorkspaceForm(id, files.items.length > 0);
  const run = useToolRun(id, files, setValues, where);
  useHandedOverFiles(tool, files.add);
  usePageViewPreload(id, files);

  // Several files: a list to order them; one file: its row.
  const ordered = tool.files.max !== 1;
  // A tool that takes only images takes photos too.
  const takesPhotos = tool.input.mimeTypes.every((type) => type.startsWith('image/'));
  const ready = files.allReady && files.items.length >= tool.files.min;
  const single = files.items[0];
  // A tool of a fixed number of files (compare's two) takes no more once it has them.
  const full = tool.files.max !== null && files.items.length >= tool.files.max;
  const onChange = (name: string, value: string | boolean) =>
    setValues((current) => current && { ...current, [name]: value });

  return (
    <div className="grid gap-6">
      {hasDeviceWay(id) ? (
        <RunWhereChoice where={where} onChange={setWhere} disabled={run.busy} engine={deviceEngineOf(id)} />
      ) : null}
      {(files.multiple && !full) || files.items.length === 0 ? (
        <DropZone
          texts={dropZoneTexts(id, i18n, maxFileBytes)}
          accept={pickerAccept(tool.input)}
          multiple={files.multiple}
          onFiles={files.add}
          onApproach={preloadAfterDrop}
          camera={takesPhotos}
        />
      ) : null}

      {ordered && files.items.length > 0 ? (
        <Suspense fallback={null}>
          <LazyMergeFileList
            items={files.items}
            files={tool.input.label === 'PDF' ? 'pdf' : 'image'}
            disabled={run.busy}
            onRemove={files.remove}
            onMoveTo={files.moveTo}
          />
        </Suspense>
      ) : null}
      {!ordered && single ? (
        <FileRow item={single} onRemove={() => files.remove(single.id)} disabled={run.busy} />
      ) : null}

      {tool.moreFilesHint && files.items.length > 0 && files.items.length < tool.files.min && files.allReady ? (
        <p className="text-sm text-muted-foreground">{i18n.t(toolMessageKey(id, 'moreFilesHint'))}</p>
      ) : null}

      {ready && form && values ? (
        <RunPanel
          id={id}
          form={form}
          values={values}
          onChange={onChange}
          file={files.multiple ? undefined : single?.file}
          run={run}
        />
      ) : null}

      {run.result && AfterSuccess ? <AfterSuccess {...run.result} /> : null}
    </div>
  );
}
