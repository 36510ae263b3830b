import { lazy } from 'react';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

// The item editor and the page preview load with the form, once a file is dropped.
const AddTextImagesOptions = lazy(() =>
  import('~/features/tools/components/add-text-images-options').then((module) => ({
    default: module.AddTextImagesOptions,
  })),
);

export const pageExtras: ToolPageExtras = { OptionsPanel: AddTextImagesOptions };
