import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';

/** Image formats browsers cannot draw (HEIC phone photos: only Safari can): their row shows the file icon. */
const undrawable = /\.(heic|heif)$/i;
const undrawableTypes = new Set(['image/heic', 'image/heif']);

/**
 * An uploaded image's small picture, read from the file in the browser (an object URL, revoked when the row goes);
 * the file icon for a format the browser cannot draw, or if drawing fails. Decorative: the row names the file.
 */
export function ImageThumbnail({ file }: { file: File }) {
  const drawable = !undrawableTypes.has(file.type) && !undrawable.test(file.name);
  const [url, setUrl] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!drawable) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    setFailed(false);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(undefined);
    };
  }, [file, drawable]);

  if (!url || failed) return <FileText className="size-8 shrink-0 text-primary" aria-hidden="true" />;
  return (
    <img
      src={url}
      alt=""
      className="size-12 shrink-0 rounded border bg-muted object-contain"
      onError={() => setFailed(true)}
      data-testid="image-thumbnail"
    />
  );
}
