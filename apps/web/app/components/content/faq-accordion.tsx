import type { FaqGroup } from '~/content/content-types';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '~/components/ui/accordion';
import { MarkdownContent } from './markdown-content';

/**
 * Every FAQ group in one single-open accordion: opening a question closes the one that was open, and an open
 * question closes when chosen again. Answers are also printed inside <noscript>, so they are readable without
 * JavaScript (the accordion only renders an answer while it is open).
 */
export function FaqAccordion({ groups }: { groups: readonly FaqGroup[] }) {
  return (
    <>
      <Accordion type="single" collapsible className="space-y-10">
        {groups.map((group) => (
          <section key={group.id} aria-labelledby={`faq-${group.id}`}>
            <h2 id={`faq-${group.id}`} className="text-2xl font-bold tracking-tight">
              {group.title}
            </h2>
            <div className="mt-4 border-t">
              {group.items.map((item) => (
                <AccordionItem key={item.id} value={item.id} id={item.id}>
                  <AccordionTrigger className="text-base">{item.question}</AccordionTrigger>
                  <AccordionContent>
                    <MarkdownContent html={item.answerHtml} className="text-muted-foreground" />
                  </AccordionContent>
                </AccordionItem>
              ))}
            </div>
          </section>
        ))}
      </Accordion>
      <noscript>
        {groups.map((group) => (
          <section key={group.id} className="mt-10">
            <h2 className="text-xl font-bold">{group.title}: all answers</h2>
            <dl className="mt-4 space-y-4">
              {group.items.map((item) => (
                <div key={item.id}>
                  <dt className="font-semibold">{item.question}</dt>
                  <dd className="mt-1 text-muted-foreground" dangerouslySetInnerHTML={{ __html: item.answerHtml }} />
                </div>
              ))}
            </dl>
          </section>
        ))}
      </noscript>
    </>
  );
}
