import { PageHeader, PageSection } from '~/components/content/page-header';
import { TryItSection } from '~/components/content/try-it-section';
import { ToolFilter } from '~/components/tool-index/tool-filter';
import { ToolSections, indexedToolIds } from '~/components/tool-index/tool-sections';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import { absoluteUrl, pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/tools';
import { contentPageHandle } from '~/lib/page-handle';

const description =
  'Every PaperKnife tool in one place: merge, split, compress, rotate, protect, unlock, watermark and number PDFs, convert PDF and Word, and extract pages, text or images.';

// No React in the browser: the header, theme, Try it now box and tool filter are islands (decision 073).
export const handle = contentPageHandle;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'All PDF Tools',
    description,
    path: '/tools',
    keywords: ['pdf tools', 'online pdf tools', 'free pdf toolbox', 'pdf converter', 'pdf editor online'],
    jsonLd: [
      {
        '@type': 'CollectionPage',
        name: 'All PDF Tools',
        description,
        url: absoluteUrl('/tools'),
        mainEntity: {
          '@type': 'ItemList',
          itemListElement: indexedToolIds.map((id, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            url: absoluteUrl(toolInfo[id].paths.canonical),
            name: toolInfo[id].title,
          })),
        },
      },
    ],
  });

export default function ToolsPage() {
  return (
    <>
      <PageHeader
        title="All PDF Tools"
        lead={`${indexedToolIds.length} free tools to edit, convert and secure your PDFs. No account, and your files are deleted as soon as you have your result.`}
      />
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <TryItSection />
      </div>
      <PageSection id="tool-list" title="Choose a tool">
        <ToolFilter>
          <ToolSections headingLevel="h3" />
        </ToolFilter>
      </PageSection>
    </>
  );
}
