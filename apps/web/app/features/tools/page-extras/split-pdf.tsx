import { FileStack, Hash, ListOrdered, Scissors } from 'lucide-react';
import { Cards, Steps } from '~/features/tools/components/page-sections';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

function SplitSections() {
  return (
    <>
      <Cards id="split-ways" icons={[Scissors, FileStack, ListOrdered, Hash]} />
      <Steps id="split-howto" count={3} />
    </>
  );
}

export const pageExtras: ToolPageExtras = { layout: 'beside-title', Sections: SplitSections };
