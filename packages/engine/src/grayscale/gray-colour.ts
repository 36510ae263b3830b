/**
 * Colour values as gray levels of the same lightness, for the colours a PDF keeps outside its content streams
 * (annotation /C and /IC arrays, /DA strings, rich-text styles). Ghostscript converts what it draws but copies
 * these entries as they are, and viewers draw annotations from them. See docs/decisions/013.
 */

/** sRGB component (0..1) to linear light. */
function linear(component: number): number {
  return component <= 0.04045 ? component / 12.92 : ((component + 0.055) / 1.055) ** 2.4;
}

/** Linear light back to an sRGB component (0..1). */
function encoded(light: number): number {
  return light <= 0.0031308 ? light * 12.92 : 1.055 * light ** (1 / 2.4) - 0.055;
}

function clamp(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

/**
 * The gray level (0 black .. 1 white) with the relative luminance of an sRGB colour. Ghostscript's own RGB to gray
 * conversion lands within a few percent of this, so annotation colours and the content around them stay matched.
 */
export function grayOfRgb(red: number, green: number, blue: number): number {
  const luminance = 0.2126 * linear(clamp(red)) + 0.7152 * linear(clamp(green)) + 0.0722 * linear(clamp(blue));
  return Math.round(encoded(luminance) * 1000) / 1000;
}

/**
 * A PDF colour array's components (1 = gray, 3 = RGB, 4 = CMYK, each 0..1) as one gray level; undefined for an
 * array of any other length (0 components means "transparent" in annotation colours and stays as it is).
 */
export function grayOfComponents(components: readonly number[]): number | undefined {
  const [a = 0, b = 0, c = 0, d = 0] = components.map(clamp);
  switch (components.length) {
    case 1:
      return a;
    case 3:
      return grayOfRgb(a, b, c);
    case 4:
      return grayOfRgb((1 - a) * (1 - d), (1 - b) * (1 - d), (1 - c) * (1 - d));
    default:
      return undefined;
  }
}

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)`;
const OPERANDS = (count: number) => String.raw`(?<![\w.+-])((?:${NUMBER}\s+){${count}})`;
const CMYK_OPERATOR = new RegExp(`${OPERANDS(4)}(k|K)(?![\\w])`, 'g');
const RGB_OPERATOR = new RegExp(`${OPERANDS(3)}(rg|RG)(?![\\w])`, 'g');

function operands(text: string): number[] {
  return text.trim().split(/\s+/).map(Number);
}

function formatGray(gray: number): string {
  return String(Math.round(gray * 1000) / 1000);
}

/**
 * A default-appearance string (`/Helv 12 Tf 1 0 0 rg`) with its RGB and CMYK colour operators replaced by gray
 * ones (`0.5 g`); the font and everything else is left as written.
 */
export function grayDefaultAppearance(appearance: string): string {
  return appearance
    .replace(CMYK_OPERATOR, (_, values: string, operator: string) => {
      const gray = grayOfComponents(operands(values))!;
      return `${formatGray(gray)} ${operator === 'K' ? 'G' : 'g'}`;
    })
    .replace(RGB_OPERATOR, (_, values: string, operator: string) => {
      const gray = grayOfComponents(operands(values))!;
      return `${formatGray(gray)} ${operator === 'RG' ? 'G' : 'g'}`;
    });
}

function grayHex(red: number, green: number, blue: number): string {
  const level = Math.round(grayOfRgb(red / 255, green / 255, blue / 255) * 255)
    .toString(16)
    .padStart(2, '0');
  return `#${level}${level}${level}`;
}

const CSS_HEX_COLOUR = /(color\s*[:=]\s*["']?)#([0-9a-f]{6}|[0-9a-f]{3})(?![0-9a-f])/gi;
const CSS_RGB_COLOUR = /(color\s*:\s*)rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(,[^)]*)?\)/gi;

/**
 * Rich text (an annotation's /RC XHTML or /DS style string) with every `color` (and `background-color`) given as
 * `#rgb`, `#rrggbb`, `rgb()` or `rgba()` turned into the gray of the same lightness.
 */
export function grayRichText(text: string): string {
  return text
    .replace(CSS_HEX_COLOUR, (_, prefix: string, hex: string) => {
      const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
      const value = Number.parseInt(full, 16);
      return prefix + grayHex((value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff);
    })
    .replace(CSS_RGB_COLOUR, (_, prefix: string, red: string, green: string, blue: string, alpha?: string) => {
      const level = Math.round(grayOfRgb(Number(red) / 255, Number(green) / 255, Number(blue) / 255) * 255);
      return alpha
        ? `${prefix}rgba(${level}, ${level}, ${level}${alpha})`
        : `${prefix}rgb(${level}, ${level}, ${level})`;
    });
}
