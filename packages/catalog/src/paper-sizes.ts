/** The paper sizes the tools that lay out pages offer (HTML to PDF, JPG to PDF), portrait, in millimetres. */
export const paperSizes = {
  a4: { widthMm: 210, heightMm: 297 },
  letter: { widthMm: 215.9, heightMm: 279.4 },
  legal: { widthMm: 215.9, heightMm: 355.6 },
} as const;

export type PaperSize = keyof typeof paperSizes;

const MM_PER_INCH = 25.4;

/** A choice's label with its size: "A4 (210 × 297 mm)", "Letter (8.5 × 11 in)" for the sizes made in inches. */
export function paperLabel(size: PaperSize, name: string): string {
  const { widthMm, heightMm } = paperSizes[size];
  if (size === 'a4') return `${name} (${widthMm} × ${heightMm} mm)`;
  const inches = (mm: number) => Math.round((mm / MM_PER_INCH) * 100) / 100;
  return `${name} (${inches(widthMm)} × ${inches(heightMm)} in)`;
}
