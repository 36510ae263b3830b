import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The pieces of the seed's extra tool page sections (page-extras/): numbered how-to steps and feature cards. */

export function Steps({ title, steps }: { title: string; steps: readonly { title: string; text: string }[] }) {
  return (
    <section className="mt-16" aria-labelledby="how-to">
      <h2 id="how-to" className="text-2xl font-bold">
        {title}
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-xl border bg-card p-6 text-card-foreground">
            <span
              className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h3 className="mt-3 font-semibold">{step.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function Cards({
  title,
  cards,
}: {
  title: string;
  cards: readonly { icon: ReactNode; title: string; text: string }[];
}) {
  const headingId = `cards-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="mt-16" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold">
        {title}
      </h2>
      <ul className={`mt-6 grid gap-4 sm:grid-cols-2 ${cards.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
        {cards.map((card) => (
          <li key={card.title} className="rounded-xl border bg-card p-6 text-card-foreground">
            <span className="text-primary">{card.icon}</span>
            <h3 className="mt-3 font-semibold">{card.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{card.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const cardIcon = (Icon: LucideIcon) => <Icon className="size-6" aria-hidden="true" />;
