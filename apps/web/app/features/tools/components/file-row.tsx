import { CheckCircle2, FileText, Loader2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useI18n } from '~/i18n/i18n-context';
import { formatMegabytes2 } from '~/lib/format-size';
import { Button } from '~/components/ui/button';

export interface FileItem {
  id: string;
  file: File;
  /** checking: being read and checked in the browser; success: ready to send. */
  status: 'checking' | 'success';
  progress: number;
}

/** One uploaded file: name, size in MB, progress while it is checked, a success mark, and a remove button. */
export function FileRow({
  item,
  onRemove,
  disabled,
  children,
  preview,
}: {
  item: FileItem;
  onRemove: () => void;
  disabled?: boolean;
  /** Extra controls (merge's move buttons). */
  children?: ReactNode;
  /** Drawn instead of the file icon (merge: the first page and the page count). */
  preview?: ReactNode;
}) {
  const { t, tag } = useI18n();
  const { file, status, progress } = item;
  return (
    <div className="flex items-center gap-3 rounded-lg border bg-card p-3 text-card-foreground">
      {preview ?? <FileText className="size-8 shrink-0 text-primary" aria-hidden="true" />}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={file.name} dir="auto">
          {file.name}
        </p>
        <p className="text-xs text-muted-foreground">{formatMegabytes2(file.size, tag)}</p>
        {status === 'checking' ? (
          <div
            role="progressbar"
            aria-label={t('fileRow.checking', { name: file.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
          </div>
        ) : null}
      </div>
      {status === 'success' ? (
        <CheckCircle2 className="size-5 shrink-0 text-success" aria-label={t('fileRow.ready')} role="img" />
      ) : (
        <Loader2 className="size-5 shrink-0 animate-spin text-muted-foreground" aria-hidden="true" />
      )}
      {children}
      <Button
        variant="ghost"
        size="icon"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t('fileRow.remove', { name: file.name })}
        title={t('fileRow.removeTitle')}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
