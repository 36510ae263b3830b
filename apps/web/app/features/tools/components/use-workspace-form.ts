import type { ToolId } from '@paperknife/catalog/tools';
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { toast } from '~/components/ui/toast';
import type { FormValues } from '~/features/tools/utils/tool-form';
import { useI18n } from '~/i18n/i18n-context';

const loadForm = () => import('./workspace-form');
export type WorkspaceForm = Awaited<ReturnType<typeof loadForm>>;
/** The form's chunk once loaded: a workspace mounted after that (another tool) has it from the start. */
let loadedForm: WorkspaceForm | undefined;

/** Starts loading the form's chunk before a file comes (the visitor heads for the drop zone). */
export function preloadWorkspaceForm(): void {
  if (loadedForm) return;
  loadForm().then(
    (module) => (loadedForm = module),
    () => {}, // the workspace's own load, once a file comes, says so
  );
}

/**
 * The option form, checks and API calls (`workspace-form.ts`), loaded once `wanted` (a file was dropped) and
 * kept; undefined until then. With it the form's values as the visitor set them, undefined until the chunk has
 * come with the tool's defaults.
 */
export function useWorkspaceForm(
  id: ToolId,
  wanted: boolean,
): {
  form: WorkspaceForm | undefined;
  values: FormValues | undefined;
  setValues: Dispatch<SetStateAction<FormValues | undefined>>;
} {
  const { t } = useI18n();
  const [form, setForm] = useState(loadedForm);
  const [values, setValues] = useState<FormValues | undefined>(() => loadedForm?.initialFormValues(id));
  useEffect(() => {
    if (!wanted || form) return;
    let live = true;
    loadForm().then(
      (module) => {
        loadedForm = module;
        if (!live) return;
        setValues((current) => current ?? module.initialFormValues(id));
        setForm(module);
      },
      (error: unknown) => {
        console.error(error);
        if (live) toast.error(t('toast.error'), { description: t('run.loadFailed') });
      },
    );
    return () => {
      live = false;
    };
  }, [id, wanted, form, t]);
  return { form, values, setValues };
}
