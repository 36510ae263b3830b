import { compressLevelImages } from '@paperknife/catalog/compress-levels';
import { Layers, ShieldCheck, Zap } from 'lucide-react';
import { Cards, Steps, cardIcon } from '~/features/tools/components/page-sections';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

const { medium, high } = compressLevelImages;

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
            text: `Low keeps every pixel; Medium and High resample large images to ${medium.dpi} or ${high.dpi} dpi.`,
          },
          { title: 'Download', text: 'Get the smaller PDF and see how much you saved. It is never larger than yours.' },
        ]}
      />
      <Cards
        title="Why compress PDF files?"
        cards={[
          {
            icon: cardIcon(Zap),
            title: 'Send and upload faster',
            text: 'Smaller files fit email limits and upload forms, and open faster on phones.',
          },
          {
            icon: cardIcon(Layers),
            title: 'Text stays sharp',
            text: 'Only images are resampled: text and vector drawings stay exactly as they were.',
          },
          {
            icon: cardIcon(ShieldCheck),
            title: 'Nothing kept',
            text: 'Your file is processed in a private folder that is deleted as soon as the answer is sent.',
          },
        ]}
      />
    </>
  );
}

export const pageExtras: ToolPageExtras = { Sections: CompressSections };
