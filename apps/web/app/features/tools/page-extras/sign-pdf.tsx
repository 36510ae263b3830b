import { lazy } from 'react';
import type { ToolPageExtras } from '~/features/tools/tool-page-extras';

// The drawing pad, the handwriting fonts and the page preview load with the form, once a file is dropped.
const SignOptions = lazy(() =>
  import('~/features/tools/components/sign-options').then((module) => ({ default: module.SignOptions })),
);

export const pageExtras: ToolPageExtras = { OptionsPanel: SignOptions };
