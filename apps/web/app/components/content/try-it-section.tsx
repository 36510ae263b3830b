import { cn } from '../../lib/cn';

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
      <p className="mt-1 text-sm text-muted-foreground">Drop PDF or Word files here and choose what to do with them.</p>
      {/* MARKED SPOT: <TryItUploader /> from app/components/tool/try-it-uploader.tsx goes here once it exists. */}
    </section>
  );
}
