import { lazy } from 'react';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

// The page preview loads with the form, once a file is dropped.
const CropOptions = lazy(() =>
  import('~/features/tools/components/crop-options').then((module) => ({ default: module.CropOptions })),
);

export const pageExtras: ToolPageExtras = { OptionsPanel: CropOptions };
