import { compressLevelImages } from '@paperknife/catalog/compress-levels';
import { toolIds, toolPaths } from '@paperknife/catalog/tools';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageExtrasOf } from '~/features/tools/tool-page-extras';
import { ToolPageBody } from './tool-page-body';

const renderPage = (id: (typeof toolIds)[number]) =>
  render(
    <MemoryRouter initialEntries={[toolPaths(id).canonical]}>
      <ToolPageBody id={id} />
    </MemoryRouter>,
  );

describe('tool page extras', () => {
  it('finds every extras file by its tool id, and none for tools without one', () => {
    const files = Object.keys(import.meta.glob('../page-extras/*.tsx')).map((path) => /([^/]+)\.tsx$/.exec(path)![1]!);
    expect(files.length).toBeGreaterThan(0);
    for (const id of toolIds) {
      const extras = pageExtrasOf(id);
      if (files.includes(id)) expect(Object.keys(extras).length, id).toBeGreaterThan(0);
      else expect(extras, id).toEqual({});
    }
  });

  it('gives the page its title and the tool’s own sections, quoting the catalogue’s numbers', () => {
    renderPage('compress-pdf');
    expect(screen.getByRole('heading', { level: 1, name: 'Compress PDF' })).toBeInTheDocument();
    const { medium, high } = compressLevelImages;
    expect(screen.getByText(new RegExp(`to ${medium.dpi} or ${high.dpi} dpi`))).toBeInTheDocument();
  });

  it('puts a sidebar beside the workspace when the tool has one', () => {
    renderPage('merge-pdf');
    expect(screen.getByRole('complementary', { name: 'Related resources' })).toBeInTheDocument();
  });

  it('shows only the title and workspace for a tool without extras', () => {
    renderPage('grayscale-pdf');
    expect(screen.getByRole('heading', { level: 1, name: 'Grayscale PDF' })).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
  });
});
