/** The paper sizes the tools that lay out pages offer (HTML to PDF, JPG to PDF, N-up), portrait, in millimetres. */
export const paperSizes = {
  a4: { widthMm: 210, heightMm: 297 },
  a3: { widthMm: 297, heightMm: 420 },
  letter: { widthMm: 215.9, heightMm: 279.4 },
  legal: { widthMm: 215.9, heightMm: 355.6 },
} as const;

export type PaperSize = keyof typeof paperSizes;

const MM_PER_INCH = 25.4;
/** PDF points (1/72 in) in a millimetre. */
export const POINTS_PER_MM = 72 / MM_PER_INCH;

/** A choice's label with its size: "A4 (210 × 297 mm)", "Letter (8.5 × 11 in)" for the sizes made in inches. */
export function paperLabel(size: PaperSize, name: string): string {
  const { widthMm, heightMm } = paperSizes[size];
  if (size === 'a4' || size === 'a3') return `${name} (${widthMm} × ${heightMm} mm)`;
  const inches = (mm: number) => Math.round((mm / MM_PER_INCH) * 100) / 100;
  return `${name} (${inches(widthMm)} × ${inches(heightMm)} in)`;
}
