import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '~/lib/cn';

/** Typography for HTML rendered from our Markdown at build time (headings, lists, tables, code, links). */
const proseClass = [
  'max-w-none text-base leading-7',
  '[&>*+*]:mt-5',
  '[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:no-underline',
  '[&_strong]:font-semibold',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:ps-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:ps-6',
  '[&_li]:ps-1 [&_li::marker]:text-muted-foreground',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]',
  // File names, commands and values read left to right inside right-to-left text.
  '[&_code]:[direction:ltr] [&_code]:[unicode-bidi:isolate] [&_pre]:[direction:ltr] [&_pre]:text-left',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-4 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_blockquote]:border-s-4 [&_blockquote]:ps-4 [&_blockquote]:text-muted-foreground',
  '[&_.table-scroll]:overflow-x-auto [&_.table-scroll]:rounded-lg [&_.table-scroll]:border',
  '[&_table]:w-full [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:border-b [&_th]:bg-muted [&_th]:px-4 [&_th]:py-2 [&_th]:text-start [&_th]:font-semibold',
  '[&_td]:border-b [&_td]:px-4 [&_td]:py-2 [&_td]:align-top [&_tr:last-child_td]:border-b-0',
].join(' ');

/**
 * Shows build-time HTML. Links to our own pages move inside the app (no full reload), like every other link.
 */
export function MarkdownContent({ html, className, lang }: { html: string; className?: string; lang?: string }) {
  const navigate = useNavigate();

  function followInternalLink(event: MouseEvent<HTMLDivElement>) {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    // Only same-site page paths: not downloads, the API, anchors or other sites.
    if (!link || !href || !href.startsWith('/') || href.startsWith('//') || href.startsWith('/functions/')) return;
    if (link.target || link.hasAttribute('download')) return;
    event.preventDefault();
    void navigate(href);
  }

  return (
    // The handler only upgrades real links inside; keyboard activation of a link fires this click too.
    <div
      className={cn(proseClass, className)}
      lang={lang}
      onClick={followInternalLink}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
