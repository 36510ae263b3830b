import { FileSearch, Languages, ShieldCheck } from 'lucide-react';
import { Cards, Steps } from '~/features/tools/components/page-sections';
import { ocrLanguageCount } from '~/lib/tool-info.prebuilt';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

/** OCR PDF's how-to and what people get from it: the page explains what OCR is, since many do not know the word. */
function OcrSections() {
  return (
    <>
      <Steps id="ocr-howto" count={3} />
      <Cards id="ocr-why" icons={[FileSearch, Languages, ShieldCheck]} values={{ languageCount: ocrLanguageCount }} />
    </>
  );
}

export const pageExtras: ToolPageExtras = { Sections: OcrSections };
