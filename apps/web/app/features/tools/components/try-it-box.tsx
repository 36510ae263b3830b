import { type DetectedType, acceptedTypes } from '@paperknife/catalog/file-types';
import { type FileKind, pdfInput, wordInput } from '@paperknife/catalog/tools';
import { useEffect, useRef, useState } from 'react';
import { toast } from '~/components/ui/toast';
import { checkFile, looksLike, pickerAccept } from '~/features/tools/utils/file-check';
import { suggestTools } from '~/features/tools/utils/tool-suggestions';
import { siteConfig } from '~/site-config';
import { Button } from '~/components/ui/button';
import { DropZone } from './drop-zone';
import { type FileItem, FileRow } from './file-row';

/** What the home box takes: PDFs and Word files, by name, MIME type and (after reading) content. */
const anyDocument: FileKind = {
  label: 'PDF or Word',
  mimeTypes: [...pdfInput.mimeTypes, ...wordInput.mimeTypes],
  extensions: [...pdfInput.extensions, ...wordInput.extensions],
};

const anyDocumentTypes = [...acceptedTypes.PDF, ...acceptedTypes.Word];

interface CheckedItem extends FileItem {
  detected?: DetectedType;
}

let nextId = 0;

/**
 * The "Try it now" box: drop PDFs or Word files, then "Process Files" offers the tools that fit them and
 * `openTool` carries the files into the chosen tool's page. Nothing is uploaded here. It needs no router, so the
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
  const [items, setItems] = useState<CheckedItem[]>([]);
  const [choosing, setChoosing] = useState(false);

  const update = (id: string, change: Partial<CheckedItem>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const add = (files: File[]) => {
    const fitting = files.filter((file) => looksLike(file, anyDocument));
    if (fitting.length < files.length) {
      toast.error('Invalid file type', {
        description: 'Only PDF and Word files (.pdf, .doc, .docx) are supported here.',
      });
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
      void checkFile(item.file, anyDocumentTypes, siteConfig.limits.maxFileBytes, (progress) =>
        update(item.id, { progress }),
      ).then((result) => {
        if (result.problem || !result.detected) {
          setItems((current) => current.filter((candidate) => candidate.id !== item.id));
          const { problem } = result;
          toast.error(problem?.kind === 'size' ? 'File too large' : 'Invalid file type', {
            description:
              problem?.kind === 'size'
                ? `${item.file.name} is larger than the ${siteConfig.maxFileSize} limit.`
                : `${item.file.name} is not a PDF or Word document.`,
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
          idle: 'Drag & drop your files',
          dragging: 'Drop your files here',
          hint: 'PDF (.pdf) and Word (.doc, .docx) files',
          limit: `Up to ${siteConfig.maxFileSize} per file`,
        }}
        accept={pickerAccept(anyDocument)}
        multiple
        onFiles={add}
      />
      {items.length > 0 ? (
        <ul className="grid gap-2" aria-label="Chosen files">
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
          Process Files
        </Button>
      ) : null}
      {ready && choosing ? (
        <section
          id="try-it-tools"
          aria-labelledby="try-it-tools-title"
          className="rounded-xl border bg-card p-4 text-card-foreground"
        >
          <h3 id="try-it-tools-title" className="font-semibold">
            {suggestions.length > 0 ? 'Choose a tool for your files' : 'No single tool takes these files together'}
          </h3>
          {suggestions.length > 0 ? (
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {suggestions.map((tool) => (
                <li key={tool.id}>
                  <button
                    type="button"
                    className="w-full rounded-md border p-3 text-left hover:bg-accent"
                    onClick={() =>
                      openTool(
                        tool.path,
                        items.map((item) => item.file),
                      )
                    }
                  >
                    <span className="block text-sm font-medium">{tool.title}</span>
                    <span className="block text-sm text-muted-foreground">{tool.description}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">
              Merge takes several PDFs, Word to PDF takes one Word file, and the other tools take one PDF. Remove some
              files to see the tools that fit.
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}
