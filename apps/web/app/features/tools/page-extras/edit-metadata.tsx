import { lazy } from 'react';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

// Its fields read the catalogue's form metadata, which comes with the form once a file is dropped (decision 074).
const MetadataOptions = lazy(() =>
  import('~/features/tools/components/metadata-options').then((module) => ({ default: module.MetadataOptions })),
);

export const pageExtras: ToolPageExtras = { OptionsPanel: MetadataOptions };
