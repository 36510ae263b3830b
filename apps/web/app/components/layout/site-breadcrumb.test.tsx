import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BreadcrumbTrail } from './site-breadcrumb';

const crumbs = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `Crumb ${i + 1}`, path: `/c${i + 1}` }));

function renderTrail(n: number) {
  return render(
    <MemoryRouter>
      <BreadcrumbTrail crumbs={crumbs(n)} />
    </MemoryRouter>,
  );
}

describe('BreadcrumbTrail', () => {
  it('renders nothing for a single crumb', () => {
    renderTrail(1);
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });

  it('links earlier crumbs and marks the last as the current page', () => {
    renderTrail(3);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Crumb 1' })).toHaveAttribute('href', '/c1');
    expect(within(nav).getByRole('link', { name: 'Crumb 2' })).toHaveAttribute('href', '/c2');
    expect(within(nav).getByText('Crumb 3')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('button', { name: 'Show more breadcrumbs' })).toBeNull();
  });

  it('with more than 3 crumbs, hides the middle ones on narrow screens behind a menu button', async () => {
    renderTrail(5);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    // The menu's code (Radix) loads on demand: its first import in a test process takes seconds on a busy machine.
    const menuButton = await within(nav).findByRole('button', { name: 'Show more breadcrumbs' }, { timeout: 4000 });
    expect(menuButton.closest('li')).toHaveClass('sm:hidden');
    for (const middle of ['Crumb 2', 'Crumb 3', 'Crumb 4']) {
      expect(within(nav).getByRole('link', { name: middle }).closest('li')).toHaveClass('hidden', 'sm:flex');
    }
    expect(within(nav).getByRole('link', { name: 'Crumb 1' }).closest('li')).not.toHaveClass('hidden');
    expect(within(nav).getByText('Crumb 5').closest('li')).not.toHaveClass('hidden');
  });
});
