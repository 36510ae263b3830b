import { toolInfo } from '~/lib/tool-info.prebuilt';
import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

/** Merge's sidebar of related resources (large screens). */
function MergeSidebar() {
  const links = [
    { href: '/guides/how-to-merge-pdf-files', label: 'Guide: how to merge PDF files' },
    { href: '/blog/merge-pdf-files-complete-guide', label: 'The complete guide to merging PDFs' },
    { href: toolInfo['split-pdf'].paths.canonical, label: `${toolInfo['split-pdf'].title}: the opposite of merging` },
    {
      href: toolInfo['compress-pdf'].paths.canonical,
      label: `${toolInfo['compress-pdf'].title}: shrink the merged file`,
    },
  ];
  return (
    <aside className="hidden lg:block" aria-labelledby="related-resources">
      <div className="sticky top-24 rounded-xl border bg-card p-6 text-card-foreground">
        <h2 id="related-resources" className="font-semibold">
          Related resources
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">
          Tip: files are merged in the order of the list. Drag them, or use the arrow buttons, to change it.
        </p>
        <ul className="mt-4 grid gap-2 text-sm">
          {links.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="text-primary underline-offset-4 hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

/** After a merge: what people usually do next with the merged file. */
function MergeSuccess() {
  const next = [
    { href: toolInfo['compress-pdf'].paths.canonical, label: 'Compress the merged PDF' },
    { href: toolInfo['page-numbers'].paths.canonical, label: 'Add page numbers' },
    { href: toolInfo['protect-pdf'].paths.canonical, label: 'Protect it with a password' },
  ];
  return (
    <section className="rounded-xl border border-success/40 bg-success/10 p-6" aria-labelledby="merge-success">
      <h2 id="merge-success" className="flex items-center gap-2 text-lg font-semibold">
        <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
        Your PDF has been merged successfully!
      </h2>
      <p className="mt-2 text-sm">The merged document has been downloaded to your device.</p>
      <h3 className="mt-4 text-sm font-semibold">Next steps</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {next.map((step) => (
          <li key={step.href}>
            <Link
              to={step.href}
              className="inline-block rounded-md border bg-background px-3 py-1.5 text-sm hover:bg-accent"
            >
              {step.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const pageExtras: ToolPageExtras = { Sidebar: MergeSidebar, AfterSuccess: MergeSuccess };
