import { FileStack, Hash, ListOrdered, Scissors } from 'lucide-react';
import { Cards, Steps, cardIcon } from '~/features/tools/components/page-sections';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

function SplitSections() {
  return (
    <>
      <Cards
        title="Split PDFs your way"
        cards={[
          {
            icon: cardIcon(Scissors),
            title: 'Extract specific pages',
            text: 'Need only some pages? Extract Pages makes one new PDF of the pages you list.',
          },
          {
            icon: cardIcon(FileStack),
            title: 'Equal parts',
            text: 'Every N pages: a 30-page PDF split every 10 pages gives three files.',
          },
          {
            icon: cardIcon(ListOrdered),
            title: 'One page per file',
            text: 'Each page becomes its own PDF, named after your file and the page number.',
          },
          {
            icon: cardIcon(Hash),
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

export const pageExtras: ToolPageExtras = { layout: 'beside-title', Sections: SplitSections };
