import { RecognisedPagesNote } from '~/features/tools/components/recognised-pages-note';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

// Scanned pages are read with OCR on the way: the answer says how many, and so does the page.
export const pageExtras: ToolPageExtras = { AfterSuccess: RecognisedPagesNote };
