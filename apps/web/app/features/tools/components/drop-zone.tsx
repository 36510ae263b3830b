import { Camera, Upload } from 'lucide-react';
import { useRef } from 'react';
import { useDropzone } from 'react-dropzone';
import { Button } from '~/components/ui/button';
import { useI18n } from '~/i18n/i18n-context';
import { RichText } from '~/i18n/rich-text';
import { cn } from '~/lib/cn';

export interface DropZoneTexts {
  /** 'Drag & drop a PDF file' */
  idle: string;
  /** 'Drop your PDF here' */
  dragging: string;
  /** 'Upload a PDF file to add page numbers' */
  hint: string;
  /** 'Up to 100 MB per file': the configured limit. */
  limit: string;
}

/**
 * The drop area of a tool page: drag files on it, or press it (or Enter/Space on it) to pick files. Highlighted
 * while files are dragged over. It takes every file and lets the page decide, so the page can name the problem.
 * For images, a touch device also gets a button that opens the camera: each photo taken is added like a dropped
 * file (decision 180).
 */
export function DropZone({
  texts,
  accept,
  multiple,
  onFiles,
  onApproach,
  camera = false,
  className,
}: {
  texts: DropZoneTexts;
  /** The picker's filter, e.g. ".pdf,application/pdf". */
  accept: string;
  multiple: boolean;
  onFiles: (files: File[]) => void;
  /** A pointer, the focus or dragged files reached the zone: files may come soon. */
  onApproach?: () => void;
  /** Offer the camera on touch devices (tools that take images). */
  camera?: boolean;
  className?: string;
}) {
  const { t } = useI18n();
  const cameraInput = useRef<HTMLInputElement>(null);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (accepted, rejected) => onFiles([...accepted, ...rejected.map((rejection) => rejection.file)]),
    multiple: true,
  });
  // The file input sits beside the button, not inside it: controls must not nest.
  return (
    <>
      <input {...getInputProps({ accept, multiple })} aria-label={t('dropZone.input')} data-testid="file-input" />
      <div
        {...getRootProps({
          role: 'button',
          'aria-label': t('dropZone.label', { idle: texts.idle, hint: texts.hint, limit: texts.limit }),
          ...(onApproach ? { onPointerEnter: onApproach, onFocus: onApproach, onDragEnter: onApproach } : {}),
        })}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-10 text-center transition-colors',
          isDragActive ? 'border-primary bg-primary/10' : 'border-input hover:border-primary/60 hover:bg-accent/50',
          className,
        )}
        data-dragging={isDragActive ? 'true' : undefined}
      >
        <Upload className="size-10 text-primary" aria-hidden="true" />
        <p className="text-lg font-medium" data-idle-text={texts.idle} data-dragging-text={texts.dragging}>
          {isDragActive ? texts.dragging : texts.idle}
        </p>
        <p className="text-sm">
          <RichText
            text={t('dropZone.browse')}
            wrap={[(words) => <span className="font-medium text-primary underline underline-offset-4">{words}</span>]}
          />
        </p>
        <p className="text-sm text-muted-foreground">{texts.hint}</p>
        <p className="text-xs text-muted-foreground">{texts.limit}</p>
      </div>
      {camera ? (
        <>
          {/* A phone opens its back camera for this input; a desktop browser would open its file picker, so the
              button shows only where the pointer is a finger. */}
          <input
            ref={cameraInput}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            tabIndex={-1}
            aria-hidden="true"
            data-testid="camera-input"
            onChange={(event) => {
              const photos = [...(event.currentTarget.files ?? [])];
              // Emptied so the next photo fires a change even if the camera names it as the last.
              event.currentTarget.value = '';
              if (photos.length > 0) onFiles(photos);
            }}
          />
          <Button
            type="button"
            variant="outline"
            size="lg"
            className="hidden pointer-coarse:inline-flex"
            onClick={() => cameraInput.current?.click()}
          >
            <Camera aria-hidden="true" />
            {t('dropZone.camera')}
          </Button>
        </>
      ) : null}
    </>
  );
}
