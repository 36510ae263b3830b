/**
 * The groups the tool index shows tools in, in the order it shows them. Each catalogue entry names its category;
 * a category without tools is not shown.
 */

export interface ToolCategory {
  id: string;
  title: string;
  /** One line under the category's heading. */
  description: string;
}

export const toolCategories = [
  {
    id: 'organize',
    title: 'Organize',
    description: 'Combine, split, rearrange and lay out the pages of your PDFs.',
  },
  {
    id: 'optimize',
    title: 'Optimize',
    description: 'Make PDFs smaller, simpler to print and searchable, and repair damaged ones.',
  },
  { id: 'convert-to-pdf', title: 'Convert to PDF', description: 'Turn documents from other formats into PDFs.' },
  {
    id: 'convert-from-pdf',
    title: 'Convert from PDF',
    description: 'Get images, text, and Word, Excel or PowerPoint files out of your PDFs.',
  },
  {
    id: 'edit',
    title: 'Edit',
    description: 'Add watermarks and page numbers, fill in forms, crop and compare your PDFs.',
  },
  {
    id: 'security',
    title: 'Security',
    description: 'Protect, unlock, sign and redact your PDFs, or remove hidden data.',
  },
] as const satisfies readonly ToolCategory[];

export type ToolCategoryId = (typeof toolCategories)[number]['id'];

/** Items grouped by their category, in category order and keeping their own order; empty categories left out. */
export function groupByCategory<Item>(
  items: readonly Item[],
  categoryOf: (item: Item) => ToolCategoryId,
): { category: ToolCategory & { id: ToolCategoryId }; items: Item[] }[] {
  return toolCategories
    .map((category) => ({ category, items: items.filter((item) => categoryOf(item) === category.id) }))
    .filter((group) => group.items.length > 0);
}
