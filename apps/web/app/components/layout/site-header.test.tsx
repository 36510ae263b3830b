import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuTools, resourceLinks } from '~/lib/navigation';
import { SiteHeader } from './site-header';
import { loadedTranslator } from '~/i18n/translators';

const english = () => loadedTranslator('en');

// The theme toggle in the header asks for the colour scheme.
beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

function renderHeader() {
  render(
    <MemoryRouter>
      <SiteHeader />
      <button type="button">Elsewhere</button>
    </MemoryRouter>,
  );
  const main = screen.getByRole('navigation', { name: 'Main' });
  return {
    main,
    tools: within(main).getByRole('button', { name: 'Tools' }),
    resources: within(main).getByRole('button', { name: 'Resources' }),
  };
}

describe('the header menus', () => {
  it('open with Enter, list their links, and close with Escape back on their button', async () => {
    const user = userEvent.setup();
    const { main, tools } = renderHeader();
    expect(tools).toHaveAttribute('aria-expanded', 'false');
    expect(within(main).queryByRole('link', { name: new RegExp(english().t(menuTools[0]!.title)) })).toBeNull();

    tools.focus();
    await user.keyboard('{Enter}');
    expect(tools).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(tools.getAttribute('aria-controls')!)!;
    // The seed's tools, then the tool index.
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([...menuTools.map((tool) => tool.href), '/tools']);
    expect(within(panel).getByRole('link', { name: /^All Tools/ })).toHaveAttribute('href', '/tools');
    expect(within(panel).getByRole('link', { name: new RegExp(english().t(menuTools[0]!.title)) })).toHaveAttribute(
      'href',
      menuTools[0]!.href,
    );

    await user.tab();
    expect(panel).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(tools).toHaveAttribute('aria-expanded', 'false');
    expect(tools).toHaveFocus();
  });

  it('keep one menu open at a time, and close when focus or a click goes elsewhere', async () => {
    const user = userEvent.setup();
    const { main, tools, resources } = renderHeader();
    await user.click(tools);
    await user.click(resources);
    expect(tools).toHaveAttribute('aria-expanded', 'false');
    expect(resources).toHaveAttribute('aria-expanded', 'true');
    for (const { title, href } of resourceLinks) {
      expect(within(main).getByRole('link', { name: new RegExp(`^${english().t(title)}`) })).toHaveAttribute(
        'href',
        href,
      );
    }

    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(resources).toHaveAttribute('aria-expanded', 'false');

    await user.click(resources);
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    expect(resources).toHaveAttribute('aria-expanded', 'false');
  });
});
