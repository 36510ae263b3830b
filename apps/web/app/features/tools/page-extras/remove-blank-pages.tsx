import { lazy } from 'react';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

// The blank pages are asked of the server once a file is dropped, and shown ticked on its page previews.
const BlankPageOptions = lazy(() =>
  import('~/features/tools/components/blank-page-options').then((module) => ({ default: module.BlankPageOptions })),
);

export const pageExtras: ToolPageExtras = { OptionsPanel: BlankPageOptions };
