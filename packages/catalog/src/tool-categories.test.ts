import { describe, expect, it } from 'vitest';
import { groupByCategory, toolCategories } from './tool-categories.js';
import { type ToolId, toolIds, tools } from './tools.js';

const groupedIds = () => groupByCategory(toolIds, (id) => tools[id].category);

describe('tool categories', () => {
  it('have distinct ids and titles, each with a description', () => {
    expect(new Set(toolCategories.map((category) => category.id)).size).toBe(toolCategories.length);
    expect(new Set(toolCategories.map((category) => category.title)).size).toBe(toolCategories.length);
    for (const category of toolCategories) expect(category.description, category.id).toMatch(/\S/);
  });

  it('hold every tool once, each in a known category', () => {
    const known = new Set<string>(toolCategories.map((category) => category.id));
    for (const id of toolIds) expect(known.has(tools[id].category), id).toBe(true);
    expect(
      groupedIds()
        .flatMap((group) => group.items)
        .sort(),
    ).toEqual([...toolIds].sort());
  });

  it('put tools where a visitor of other PDF sites looks for them', () => {
    const categoryOf = Object.fromEntries(
      groupedIds().flatMap((group) => group.items.map((id) => [id, group.category.title])),
    ) as Partial<Record<ToolId, string>>;
    expect(categoryOf).toMatchObject({
      'merge-pdf': 'Organize',
      'split-pdf': 'Organize',
      'organize-pdf': 'Organize',
      'compress-pdf': 'Optimize',
      'grayscale-pdf': 'Optimize',
      'ocr-pdf': 'Optimize',
      'word-to-pdf': 'Convert to PDF',
      'pdf-to-word': 'Convert from PDF',
      'extract-text': 'Convert from PDF',
      'watermark-pdf': 'Edit',
      'protect-pdf': 'Security',
      'unlock-pdf': 'Security',
    });
  });

  it('group in category order, keep the order within a group, and leave empty categories out', () => {
    const items = [
      { name: 'a', category: 'security' },
      { name: 'b', category: 'organize' },
      { name: 'c', category: 'security' },
    ] as const;
    const groups = groupByCategory(items, (item) => item.category);
    expect(groups.map((group) => [group.category.title, group.items.map((item) => item.name)])).toEqual([
      ['Organize', ['b']],
      ['Security', ['a', 'c']],
    ]);
    expect(groupByCategory([], () => 'edit')).toEqual([]);
  });

  it('give every tool a few search keywords of its own', () => {
    for (const id of toolIds) {
      const { searchKeywords } = tools[id];
      expect(searchKeywords.length, id).toBeGreaterThanOrEqual(2);
      expect(new Set(searchKeywords).size, id).toBe(searchKeywords.length);
      for (const keyword of searchKeywords) expect(keyword, id).toMatch(/^\S(.*\S)?$/);
    }
  });
});
