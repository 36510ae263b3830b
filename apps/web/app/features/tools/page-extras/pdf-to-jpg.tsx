import { BrokenImagesNote } from '~/features/tools/components/broken-images-note';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

// Pages are drawn as images: the answer says how many held an image that could not be decoded.
export const pageExtras: ToolPageExtras = { AfterSuccess: BrokenImagesNote };
