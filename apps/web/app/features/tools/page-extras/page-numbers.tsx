import { BookOpen, Layers, ListOrdered } from 'lucide-react';
import { Cards, cardIcon } from '~/features/tools/components/page-sections';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

function PageNumbersSections() {
  return (
    <Cards
      title="Why Add Page Numbers"
      cards={[
        {
          icon: cardIcon(BookOpen),
          title: 'Easy navigation',
          text: 'Readers find and cite pages quickly, on screen and on paper.',
        },
        {
          icon: cardIcon(ListOrdered),
          title: 'Professional documents',
          text: 'Reports, theses and contracts look finished with consistent numbering.',
        },
        {
          icon: cardIcon(Layers),
          title: 'Printed stacks stay in order',
          text: 'Numbered pages are easy to put back in order after printing.',
        },
      ]}
    />
  );
}

export const pageExtras: ToolPageExtras = { Sections: PageNumbersSections };
