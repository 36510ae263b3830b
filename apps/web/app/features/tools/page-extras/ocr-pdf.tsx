import { FileSearch, Languages, ShieldCheck } from 'lucide-react';
import { Cards, Steps, cardIcon } from '~/features/tools/components/page-sections';
import { ocrLanguageCount } from '~/lib/tool-info.prebuilt';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

/** OCR PDF's how-to and what people get from it: the page explains what OCR is, since many do not know the word. */
function OcrSections() {
  return (
    <>
      <Steps
        title="How to make a scanned PDF searchable"
        steps={[
          {
            title: 'Upload your scan',
            text: 'Drop the scanned PDF on the box above or browse for it. Your browser checks it first.',
          },
          {
            title: 'Tick its language',
            text: 'OCR reads best when it knows the language. Crooked or sideways pages have options of their own.',
          },
          {
            title: 'Download',
            text: 'Get the same pages with their text recognised: search it, select it and copy it.',
          },
        ]}
      />
      <Cards
        title="What OCR does for your scans"
        cards={[
          {
            icon: cardIcon(FileSearch),
            title: 'Find any word',
            text: 'Search a scanned contract or invoice like a typed document. The page images stay exactly as they were.',
          },
          {
            icon: cardIcon(Languages),
            title: `${ocrLanguageCount} languages`,
            text: 'From English and German to Russian, Arabic, Hindi, Chinese, Japanese and Korean, several at once.',
          },
          {
            icon: cardIcon(ShieldCheck),
            title: 'Nothing kept',
            text: 'Your file is recognised in a private folder that is deleted as soon as the answer is sent.',
          },
        ]}
      />
    </>
  );
}

export const pageExtras: ToolPageExtras = { Sections: OcrSections };
