import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ArticleCategory, ArticleSummary } from '~/content/content-types';
import { ArticleBrowser } from './article-browser';

function article(slug: string, category: ArticleCategory): ArticleSummary {
  return {
    slug,
    href: `/blog/${slug}`,
    lang: 'en',
    title: `Title ${slug}`,
    description: 'About it.',
    excerpt: 'In short.',
    date: '2026-01-02',
    featured: false,
    listed: true,
    tool: 'merge-pdf',
    readMinutes: 4,
    category,
  };
}

const articles = [article('a', 'Tutorial'), article('b', 'Security'), article('c', 'Tutorial')];

function shownTitles() {
  return within(screen.getByTestId('article-list'))
    .queryAllByRole('link')
    .map((link) => link.textContent);
}

describe('ArticleBrowser', () => {
  it('shows every article until a category chip is chosen, then only that category', async () => {
    render(
      <MemoryRouter>
        <ArticleBrowser articles={articles} />
      </MemoryRouter>,
    );
    expect(shownTitles()).toEqual(['Title a', 'Title b', 'Title c']);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Tutorial' }));
    expect(shownTitles()).toEqual(['Title a', 'Title c']);
    expect(screen.getByRole('button', { name: 'Tutorial' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 articles in Tutorial.');

    await userEvent.click(screen.getByRole('button', { name: 'Advanced' }));
    expect(shownTitles()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('No articles in Advanced yet.');

    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(shownTitles()).toHaveLength(3);
  });

  it('offers the seed’s chips in order', () => {
    render(
      <MemoryRouter>
        <ArticleBrowser articles={articles} />
      </MemoryRouter>,
    );
    const chips = within(screen.getByRole('group', { name: 'Filter articles by category' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'All',
      'Tutorial',
      'Reviews',
      'Professional',
      'Security',
      'Guide',
      'Accessibility',
      'Advanced',
    ]);
  });
});
