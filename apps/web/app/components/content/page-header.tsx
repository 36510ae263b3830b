import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

/** The top of a content page: its one h1, a lead paragraph and optional extras (facts, buttons). */
export function PageHeader({
  title,
  lead,
  children,
  className,
  lang,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** The language of the title and lead when it is not the page's (a document not translated yet). */
  lang?: string | undefined;
}) {
  return (
    <header className={cn('mx-auto max-w-3xl px-4 pb-8 pt-10 text-center sm:px-6 sm:pt-14', className)}>
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl" lang={lang}>
        {title}
      </h1>
      {lead ? (
        <p className="mt-4 text-lg text-pretty text-muted-foreground" lang={lang}>
          {lead}
        </p>
      ) : null}
      {children}
    </header>
  );
}

/** A titled band of a page; `id` names its heading for `aria-labelledby`. */
export function PageSection({
  id,
  title,
  lead,
  children,
  className,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn('mx-auto max-w-7xl px-4 py-12 sm:px-6', className)}>
      <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-2 max-w-3xl text-muted-foreground">{lead}</p> : null}
      <div className="mt-8">{children}</div>
    </section>
  );
}
