import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FaqGroup } from '~/content/content-types';
import { FaqAccordion } from './faq-accordion';

const item = (id: string, question: string) => ({
  id,
  question,
  answerHtml: `<p>Answer to ${question}</p>`,
  answerText: `Answer to ${question}`,
});

const groups: FaqGroup[] = [
  { id: 'general', title: 'General', items: [item('one', 'First?'), item('two', 'Second?')] },
  { id: 'limits', title: 'Usage Limits', items: [item('three', 'Third?')] },
];

function renderFaq() {
  render(
    <MemoryRouter>
      <FaqAccordion groups={groups} />
    </MemoryRouter>,
  );
}

describe('FaqAccordion', () => {
  it('shows the groups as headings and every question as a closed button', () => {
    renderFaq();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['General', 'Usage Limits']);
    for (const question of ['First?', 'Second?', 'Third?']) {
      expect(screen.getByRole('button', { name: question })).toHaveAttribute('aria-expanded', 'false');
    }
  });

  it('opens one answer at a time, across groups, and closes an open one when chosen again', async () => {
    renderFaq();
    await userEvent.click(screen.getByRole('button', { name: 'First?' }));
    expect(screen.getByRole('region', { name: 'First?' })).toHaveTextContent('Answer to First?');

    await userEvent.click(screen.getByRole('button', { name: 'Third?' }));
    expect(screen.getByRole('button', { name: 'Third?' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'First?' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'First?' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Third?' }));
    expect(screen.getByRole('button', { name: 'Third?' })).toHaveAttribute('aria-expanded', 'false');
  });
});
