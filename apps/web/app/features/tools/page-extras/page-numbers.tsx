import { BookOpen, Layers, ListOrdered } from 'lucide-react';
import { Cards } from '~/features/tools/components/page-sections';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

function PageNumbersSections() {
  return <Cards id="page-numbers-why" icons={[BookOpen, ListOrdered, Layers]} />;
}

export const pageExtras: ToolPageExtras = { Sections: PageNumbersSections };
