import { type ToolId, toolPaths, tools } from '@paperknife/catalog/tools';
import { BookOpen, FileStack, Hash, Layers, ListOrdered, Scissors, ShieldCheck, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The seed's extra page sections of some tools: explainers, feature cards, how-tos and the merge sidebar. */

function Steps({ title, steps }: { title: string; steps: readonly { title: string; text: string }[] }) {
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

function Cards({
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

const icon = (Icon: typeof Zap) => <Icon className="size-6" aria-hidden="true" />;

function CompressSections() {
  return (
    <>
      <Steps
        title="How to compress a PDF"
        steps={[
          {
            title: 'Upload your PDF',
            text: 'Drop the file on the box above or browse for it. Your browser checks it first.',
          },
          {
            title: 'Choose a level',
            text: 'Low keeps every pixel; Medium and High resample large images to 150 or 96 dpi.',
          },
          { title: 'Download', text: 'Get the smaller PDF and see how much you saved. It is never larger than yours.' },
        ]}
      />
      <Cards
        title="Why compress PDF files?"
        cards={[
          {
            icon: icon(Zap),
            title: 'Send and upload faster',
            text: 'Smaller files fit email limits and upload forms, and open faster on phones.',
          },
          {
            icon: icon(Layers),
            title: 'Text stays sharp',
            text: 'Only images are resampled: text and vector drawings stay exactly as they were.',
          },
          {
            icon: icon(ShieldCheck),
            title: 'Nothing kept',
            text: 'Your file is processed in a private folder that is deleted as soon as the answer is sent.',
          },
        ]}
      />
    </>
  );
}

function SplitSections() {
  return (
    <>
      <Cards
        title="Split PDFs your way"
        cards={[
          {
            icon: icon(Scissors),
            title: 'Extract specific pages',
            text: 'Need only some pages? Extract Pages makes one new PDF of the pages you list.',
          },
          {
            icon: icon(FileStack),
            title: 'Equal parts',
            text: 'Every N pages: a 30-page PDF split every 10 pages gives three files.',
          },
          {
            icon: icon(ListOrdered),
            title: 'One page per file',
            text: 'Each page becomes its own PDF, named after your file and the page number.',
          },
          {
            icon: icon(Hash),
            title: 'Custom ranges',
            text: 'Type ranges such as 1-3,4-6,7- and get one PDF for each range.',
          },
        ]}
      />
      <Steps
        title="How to split a PDF"
        steps={[
          { title: 'Upload PDF', text: 'Drop your PDF on the upload card or browse for it.' },
          { title: 'Choose Method', text: 'Each page, custom ranges, or every N pages.' },
          { title: 'Download', text: 'The parts arrive in one ZIP, each named after your file and its pages.' },
        ]}
      />
    </>
  );
}

function PageNumbersSections() {
  return (
    <Cards
      title="Why Add Page Numbers"
      cards={[
        {
          icon: icon(BookOpen),
          title: 'Easy navigation',
          text: 'Readers find and cite pages quickly, on screen and on paper.',
        },
        {
          icon: icon(ListOrdered),
          title: 'Professional documents',
          text: 'Reports, theses and contracts look finished with consistent numbering.',
        },
        {
          icon: icon(Layers),
          title: 'Printed stacks stay in order',
          text: 'Numbered pages are easy to put back in order after printing.',
        },
      ]}
    />
  );
}

/** Merge's sidebar of related resources (large screens). */
export function MergeSidebar() {
  const links = [
    { href: '/guides/how-to-merge-pdf-files', label: 'Guide: how to merge PDF files' },
    { href: '/blog/merge-pdf-files-complete-guide', label: 'The complete guide to merging PDFs' },
    { href: toolPaths('split-pdf').canonical, label: `${tools['split-pdf'].title}: the opposite of merging` },
    { href: toolPaths('compress-pdf').canonical, label: `${tools['compress-pdf'].title}: shrink the merged file` },
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

export function ToolSections({ id }: { id: ToolId }) {
  if (id === 'compress-pdf') return <CompressSections />;
  if (id === 'split-pdf') return <SplitSections />;
  if (id === 'page-numbers') return <PageNumbersSections />;
  return null;
}
