import { Ellipsis } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { useI18n } from '~/i18n/i18n-context';
import type { Crumb } from '~/lib/breadcrumb-map';

/** The crumbs a narrow screen folds away, behind an ellipsis button. Loaded only by a trail that folds. */
export default function HiddenCrumbsMenu({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useI18n();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex size-6 items-center justify-center rounded-md hover:bg-accent"
        aria-label={t('breadcrumb.more')}
      >
        <Ellipsis className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          className="z-50 min-w-40 rounded-md border bg-card p-1 text-card-foreground shadow-md"
        >
          {crumbs.map((hidden) => (
            <DropdownMenu.Item key={hidden.path} asChild>
              <Link
                to={hidden.path}
                className="block rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent"
              >
                {hidden.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
