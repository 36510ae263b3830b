import { lazy } from 'react';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

// Its field reads the catalogue's form metadata, which comes with the form once a file is dropped (decision 074).
const OrganizeOptions = lazy(() =>
  import('~/features/tools/components/organize-options').then((module) => ({ default: module.OrganizeOptions })),
);

export const pageExtras: ToolPageExtras = { OptionsPanel: OrganizeOptions };
