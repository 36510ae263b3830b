import type { CompareDifferences, PagePair } from '@paperknife/catalog/compare-differences';
import { pairDiffers } from '@paperknife/catalog/compare-differences';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '~/lib/cn';
import { usePdfPages } from '~/features/tools/page-view/use-pdf-pages';
import { useI18n } from '~/i18n/i18n-context';
import { type ChangeEntry, pairEntries, sideMarks } from './compare-marks';
import { ComparePage } from './compare-page';
import { differencesOf } from './differences-of';

type Translate = ReturnType<typeof useI18n>['t'];

/** Long runs of words are cut in the list; the page shows them whole. */
const shortened = (text: string | undefined) => (text && text.length > 80 ? `${text.slice(0, 77)}...` : (text ?? ''));

function entryText(t: Translate, entry: ChangeEntry): string {
  const before = shortened(entry.before);
  const after = shortened(entry.after);
  switch (entry.kind) {
    case 'inserted':
      return t('compare.change.inserted', { text: after });
    case 'deleted':
      return t('compare.change.deleted', { text: before });
    case 'changed':
      return t('compare.change.changed', { before, after });
    case 'region':
      return t('compare.change.region');
  }
}

function pairTitle(t: Translate, pair: PagePair): string {
  if (pair.changed === null) return t('compare.pair.removed', { original: pair.original ?? 0 });
  if (pair.original === null) return t('compare.pair.added', { changed: pair.changed });
  const title = t('compare.pair.title', { original: pair.original, changed: pair.changed });
  return pair.moved ? `${title} · ${t('compare.pair.moved')}` : title;
}

const entryStyles: Record<ChangeEntry['kind'], string> = {
  inserted: 'border-l-green-600',
  deleted: 'border-l-red-600',
  changed: 'border-l-amber-500',
  region: 'border-l-blue-600',
};

function Summary({ differences }: { differences: CompareDifferences }) {
  const { t } = useI18n();
  if (differences.identical) return <p className="text-sm">{t('compare.identical')}</p>;
  const { summary } = differences;
  const counts = [
    t('compare.count.inserted', { count: summary.inserted }),
    t('compare.count.deleted', { count: summary.deleted }),
    t('compare.count.changed', { count: summary.changed }),
    t('compare.count.regions', { count: summary.regions }),
    t('compare.count.moved', { count: summary.movedPages }),
    t('compare.count.added', { count: summary.addedPages }),
    t('compare.count.removed', { count: summary.removedPages }),
  ];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="compare-summary">
      {counts.map((count) => (
        <li key={count}>{count}</li>
      ))}
    </ul>
  );
}

/**
 * The comparison shown after a run: both documents' differing page pairs side by side in one scrolling box (so the
 * two sides scroll together), the differences highlighted, and the list of changes beside it; choosing a change
 * scrolls its page pair into view and outlines it.
 */
export function CompareView({
  files,
  output,
  downloadName,
}: {
  files: readonly [File, File];
  output: Blob;
  downloadName: string;
}) {
  const { t } = useI18n();
  const [state, setState] = useState<{ differences?: CompareDifferences; failed?: boolean }>({});
  const [active, setActive] = useState<string>();
  const [downloadUrl, setDownloadUrl] = useState<string>();
  const originalPages = usePdfPages(files[0]);
  const changedPages = usePdfPages(files[1]);

  useEffect(() => {
    let current = true;
    differencesOf(output).then(
      (differences) => current && setState(differences ? { differences } : { failed: true }),
      (error: unknown) => {
        console.warn('The differences could not be read from the answer.', error);
        if (current) setState({ failed: true });
      },
    );
    const url = URL.createObjectURL(output);
    setDownloadUrl(url);
    return () => {
      current = false;
      URL.revokeObjectURL(url);
    };
  }, [output]);

  const choose = (id: string) => {
    setActive(id);
    document.querySelector(`[data-mark="${id}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  const { differences } = state;
  const shown = differences
    ? differences.pages.flatMap((pair, index) => (pairDiffers(pair) ? [{ pair, index }] : []))
    : [];
  const unchanged = differences ? differences.pages.length - shown.length : 0;
  const pagesOf = (side: typeof originalPages) => (side.status === 'ready' ? side.pages : undefined);

  return (
    <section
      aria-labelledby="compare-title"
      className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6"
      data-testid="compare-view"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="compare-title" className="text-lg font-semibold">
          {t('compare.title')}
        </h2>
        {downloadUrl ? (
          <a
            href={downloadUrl}
            download={downloadName}
            className="inline-flex items-center gap-2 rounded-md border bg-background px-3 py-1.5 text-sm hover:bg-accent"
          >
            <Download aria-hidden="true" className="size-4" />
            {t('compare.download')}
          </a>
        ) : null}
      </div>
      {state.failed ? <p className="text-sm text-muted-foreground">{t('compare.unavailable')}</p> : null}
      {!differences && !state.failed ? <p className="text-sm text-muted-foreground">{t('compare.loading')}</p> : null}
      {differences ? <Summary differences={differences} /> : null}
      {differences && shown.length > 0 ? (
        <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
          <nav aria-label={t('compare.changes')} className="max-h-[70vh] overflow-y-auto lg:pr-2">
            <ol className="grid gap-3">
              {shown.map(({ pair, index }) => (
                <li key={index}>
                  <h3 className="mb-1 text-sm font-medium">{pairTitle(t, pair)}</h3>
                  <ul className="grid gap-1">
                    {pairEntries(pair, index).map((entry) => (
                      <li key={entry.id}>
                        <button
                          type="button"
                          onClick={() => choose(entry.id)}
                          aria-current={active === entry.id ? 'true' : undefined}
                          data-change-kind={entry.kind}
                          className={cn(
                            'w-full rounded-md border border-l-4 bg-background px-2 py-1 text-left text-sm break-words hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                            entryStyles[entry.kind],
                            active === entry.id && 'bg-accent',
                          )}
                        >
                          {entryText(t, entry)}
                        </button>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </nav>
          <div
            role="region"
            aria-label={t('compare.sideBySide')}
            // A scrolling box must be reachable by keyboard to be scrolled by it.
            tabIndex={0}
            className="max-h-[70vh] overflow-y-auto rounded-lg border bg-muted/40 p-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            data-testid="compare-pages"
          >
            <div className="grid gap-6">
              {shown.map(({ pair, index }) => (
                <div key={index} className="grid gap-2">
                  <p className="text-sm font-medium">{pairTitle(t, pair)}</p>
                  <div className="grid grid-cols-2 gap-3">
                    <ComparePage
                      pages={pagesOf(originalPages)}
                      pageNumber={pair.original}
                      size={pair.originalSize}
                      marks={sideMarks(pair, index, 'original')}
                      active={active}
                      label={pair.original === null ? t('compare.side.none') : t('compare.side.original')}
                    />
                    <ComparePage
                      pages={pagesOf(changedPages)}
                      pageNumber={pair.changed}
                      size={pair.changedSize}
                      marks={sideMarks(pair, index, 'changed')}
                      active={active}
                      label={pair.changed === null ? t('compare.side.none') : t('compare.side.changed')}
                    />
                  </div>
                </div>
              ))}
              {unchanged > 0 ? (
                <p className="text-sm text-muted-foreground">{t('compare.unchanged', { count: unchanged })}</p>
              ) : null}
            </div>
          </div>
        </div>
      ) : null}
    </section>
  );
}
