import type { FormControl } from '@paperknife/catalog/option-form';
import { FileWarning, Loader2, Lock } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import type { FormValues } from '~/features/tools/utils/tool-form';
import { type PageDecoration, PageGrid } from './page-grid';
import type { PdfPages } from './pdf-pages';
import { type TextSelection, formatPageRanges, regroupRanges, selectionFromText } from './page-selection';
import { usePdfPages } from './use-pdf-pages';
import { PagesLoading } from './pages-loading';
import { useI18n } from '~/i18n/i18n-context';

type OnChange = (name: string, value: string | boolean) => void;

/**
 * The dropped file's pages for a page range field that can be picked (`pickPages` in its form metadata): the
 * field's text selects pages in the grid, and picking writes the text back as compact ranges. While the field is
 * hidden (rotate's "All pages", split's other methods), a pick first shows it. A locked PDF asks for its
 * password here, for the previews only; one pdf.js cannot read leaves the typed field and the server to work.
 */
export function PagePicker({
  file,
  control,
  values,
  onChange,
}: {
  file: File;
  control: FormControl;
  values: FormValues;
  onChange: OnChange;
}) {
  const { t } = useI18n();
  const [password, setPassword] = useState<string | undefined>();
  const state = usePdfPages(file, password);

  // The prompt stays while a password is tried, so what was typed stays too.
  if (state.status === 'locked' || (state.status === 'loading' && password !== undefined)) {
    return (
      <PasswordPrompt
        checking={state.status === 'loading'}
        wrongPassword={state.status === 'locked' && state.wrongPassword}
        onPassword={setPassword}
      />
    );
  }
  if (state.status === 'loading') {
    return <PagesLoading />;
  }
  if (state.status === 'damaged') {
    return (
      <div className="flex items-start gap-3 rounded-lg border border-dashed p-4 text-sm" role="status">
        <FileWarning className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <p>{t('pages.damaged')}</p>
      </div>
    );
  }
  return <PickablePages pages={state.pages} control={control} values={values} onChange={onChange} />;
}

function PickablePages({
  pages,
  control,
  values,
  onChange,
}: {
  pages: PdfPages;
  control: FormControl;
  values: FormValues;
  onChange: OnChange;
}) {
  const { t } = useI18n();
  const picking = control.meta.pickPages!;
  const condition = control.meta.shownWhen;
  const fieldShown = !condition || values[condition.field] === condition.equals;
  const raw = values[control.name];
  const text = fieldShown && typeof raw === 'string' ? raw : '';
  const blankMeansAll = picking.blankMeansAll ?? false;

  // While the text does not parse, the grid keeps the last selection it could read.
  const lastValid = useRef<TextSelection>({ pages: new Set(), groups: [] });
  const parsed = selectionFromText(text, pages.pageCount, blankMeansAll);
  if (parsed) lastValid.current = parsed;
  const shown = lastValid.current;
  // A blank range that means every page shows them all as affected, but nothing is picked yet.
  const picked: ReadonlySet<number> = text.trim() === '' ? new Set() : shown.pages;

  const onSelect = (next: Set<number>) => {
    if (!fieldShown && condition) onChange(condition.field, condition.equals);
    onChange(control.name, picking.shows === 'files' ? regroupRanges(shown.groups, next) : formatPageRanges(next));
  };

  const turnedBy = picking.turnedBy ? Number(values[picking.turnedBy]) || 0 : 0;
  const fileStarts = new Map(shown.groups.map((group, index) => [group[0]!, index + 1]));
  const decorate = (page: number): PageDecoration => {
    const affected = shown.pages.has(page);
    switch (picking.shows) {
      case 'turned':
        return affected ? { rotation: turnedBy, note: t('pages.note.turned', { degrees: turnedBy }) } : {};
      case 'removed':
        return affected ? { removed: true, note: t('pages.note.deleted') } : {};
      case 'kept':
        return affected ? { note: t('pages.note.kept') } : {};
      case 'files': {
        const file = fileStarts.get(page);
        return file ? { startsFile: file > 1, note: t('pages.note.fileStarts', { file }) } : {};
      }
    }
  };

  return <PageGrid pages={pages} label={picking.listLabel} selected={picked} onSelect={onSelect} decorate={decorate} />;
}

function PasswordPrompt({
  checking,
  wrongPassword,
  onPassword,
}: {
  checking: boolean;
  wrongPassword: boolean;
  onPassword: (password: string) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== '') onPassword(typed);
  };
  return (
    <form className="grid gap-3 rounded-lg border border-dashed p-4" onSubmit={submit} data-testid="page-view-locked">
      <p className="flex items-start gap-3 text-sm">
        <Lock className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        {t('pages.locked')}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={id}>{t('pages.password')}</Label>
          <Input
            id={id}
            type="password"
            autoComplete="current-password"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={wrongPassword || undefined}
            aria-describedby={wrongPassword ? `${id}-wrong` : undefined}
          />
        </div>
        <Button type="submit" variant="outline" disabled={typed === '' || checking}>
          {checking ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('merge.showPages')}
        </Button>
      </div>
      {wrongPassword && !checking ? (
        <p id={`${id}-wrong`} className="text-sm text-destructive" role="alert">
          {t('pages.wrongPassword')}
        </p>
      ) : null}
    </form>
  );
}
