import { toolMessageKey } from '@paperknife/catalog/message-keys';
import type { ToolId } from '@paperknife/catalog/tools';
import { useI18n } from '~/i18n/i18n-context';
import { pageExtrasOf } from '~/features/tools/tool-page-extras';
import { ToolWorkspace } from './tool-workspace';

function Hero({ id }: { id: ToolId }) {
  const { t } = useI18n();
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t(toolMessageKey(id, 'title'))}</h1>
      <p className="mt-3 text-lg text-muted-foreground">{t(toolMessageKey(id, 'shortDescription'))}</p>
      <p className="mt-3 text-muted-foreground">{t(toolMessageKey(id, 'description'))}</p>
    </div>
  );
}

/** A tool's page: title, workspace and the tool's own extras (sections, sidebar, layout). */
export function ToolPageBody({ id }: { id: ToolId }) {
  const { layout, Sidebar, Sections } = pageExtrasOf(id);
  // One workspace instance per tool: moving between tools starts with a clean page.
  const workspace = <ToolWorkspace key={id} id={id} />;
  if (Sidebar) {
    return (
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_18rem]">
        <div className="grid content-start gap-8">
          <Hero id={id} />
          {workspace}
        </div>
        <Sidebar />
        {Sections ? (
          <div className="lg:col-span-2">
            <Sections />
          </div>
        ) : null}
      </div>
    );
  }
  if (layout === 'beside-title') {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <div className="grid items-start gap-10 lg:grid-cols-2">
          <Hero id={id} />
          <div className="rounded-2xl border bg-card p-4 shadow-sm">{workspace}</div>
        </div>
        {Sections ? <Sections /> : null}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <div className="grid gap-8">
        <Hero id={id} />
        {workspace}
      </div>
      {Sections ? <Sections /> : null}
    </div>
  );
}
