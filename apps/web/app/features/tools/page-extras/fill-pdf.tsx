import { lazy } from 'react';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

// The form reads the catalogue's field model and form metadata, which come with the form once a file is dropped.
const FormFiller = lazy(() =>
  import('~/features/tools/components/form-filler').then((module) => ({ default: module.FormFiller })),
);

export const pageExtras: ToolPageExtras = { OptionsPanel: FormFiller };
