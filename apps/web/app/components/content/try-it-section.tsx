import { cn } from '~/lib/cn';
import { TryItUploader } from '~/features/tools/components/try-it-uploader';

/** The "Try it now" box of home and /tools: drop files, then pick a tool that fits them. */
export function TryItSection({ className }: { className?: string }) {
  return (
    <section
      id="try-it"
      aria-labelledby="try-it-title"
      className={cn('scroll-mt-24 rounded-xl border bg-card p-6 text-card-foreground shadow-sm', className)}
    >
      <h2 id="try-it-title" className="text-xl font-semibold">
        Try it now
      </h2>
      <p className="mb-4 mt-1 text-sm text-muted-foreground">
        Drop PDF or Word files here, then choose what to do with them. Nothing is uploaded until you run a tool.
      </p>
      {/* On a page without the React app, the islands' script renders the box here once files come. */}
      <div data-island="try-it">
        <TryItUploader />
      </div>
    </section>
  );
}
