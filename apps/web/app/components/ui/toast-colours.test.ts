import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The toasts' text against their backgrounds, as WCAG AA asks of their size (4.5:1). Sonner's rich colours give the
 * backgrounds; app.css darkens the texts that fell short. Axe sees a toast only in the few browser tests that catch
 * one on screen, so the colours are checked here, from the style sheets themselves.
 */

const sonnerStyles = readFileSync(join(createRequire(import.meta.url).resolve('sonner'), '../styles.css'), 'utf8');
const siteStyles = readFileSync(join(import.meta.dirname, '../../app.css'), 'utf8');

/** The custom properties a rule for the light-themed toaster sets, in a style sheet. */
function lightToasterProperties(css: string): Map<string, string> {
  const properties = new Map<string, string>();
  for (const [, body = ''] of css.matchAll(/\[data-sonner-toaster\]\[data-sonner-theme='light'\]\s*\{([^}]*)\}/g)) {
    for (const [, name = '', value = ''] of body.matchAll(/(--[\w-]+):\s*([^;]+);/g))
      properties.set(name, value.trim());
  }
  return properties;
}

function hslToRgb(hsl: string): [number, number, number] {
  const [h = 0, s = 0, l = 0] = (/hsl\(([\d.]+),\s*([\d.]+)%,\s*([\d.]+)%\)/.exec(hsl) ?? []).slice(1).map(Number);
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [channel(0), channel(8), channel(4)];
}

function contrast(foreground: string, background: string): number {
  const luminance = (rgb: [number, number, number]) => {
    const [r, g, b] = rgb.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [lighter, darker] = [luminance(hslToRgb(foreground)), luminance(hslToRgb(background))].sort((x, y) => y - x);
  return (lighter! + 0.05) / (darker! + 0.05);
}

describe('toast colours in the light theme', () => {
  const sonner = lightToasterProperties(sonnerStyles);
  const site = lightToasterProperties(siteStyles);

  for (const kind of ['success', 'error']) {
    it(`give ${kind} toasts text of at least 4.5:1 on their background`, () => {
      const background = sonner.get(`--${kind}-bg`);
      const text = site.get(`--${kind}-text`) ?? sonner.get(`--${kind}-text`);
      expect(background, `sonner's --${kind}-bg`).toBeDefined();
      expect(contrast(text!, background!)).toBeGreaterThanOrEqual(4.5);
    });
  }
});
