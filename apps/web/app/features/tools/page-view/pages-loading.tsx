import { Loader2 } from 'lucide-react';

/** What a page view shows while pdf.js opens the dropped file. */
export function PagesLoading() {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      Loading the pages...
    </p>
  );
}
