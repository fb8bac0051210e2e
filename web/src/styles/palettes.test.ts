import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TBrandPalette } from '@wl/schemas';
import { BRAND_THEME_COLORS } from '../theme/brand.ts';

/**
 * Each brand palette (docs/0131) in each theme keeps WCAG AA (4.5:1) for the pairs the accent is
 * used in, read from base.css as the browser resolves them: the theme's tokens, then the palette's.
 */
const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'base.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The custom properties of the rule whose selector list holds exactly `selector`. */
function tokens(selector: string): Record<string, string> {
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (!selectors!.split(',').some((s) => s.trim() === selector)) continue;
    return Object.fromEntries([...body!.matchAll(/(--[a-z0-9-]+)\s*:\s*([^;]+);/g)].map(([, k, v]) => [k!, v!.trim()]));
  }
  return {};
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const luminance = (c: number[]) => {
  const [r, g, b] = c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
/** A colour at `alpha` over a background, as painted. */
const over = (fg: number[], alpha: number, bg: number[]) => fg.map((c, i) => Math.round(c * alpha + bg[i]! * (1 - alpha)));

/** Every palette (BRAND_THEME_COLORS has one entry for each of BRAND_PALETTES, by its type). */
const PALETTES = Object.keys(BRAND_THEME_COLORS) as TBrandPalette[];

describe('brand palettes', () => {
  it('reads all three', () => expect(PALETTES).toEqual(['gold', 'emerald', 'ruby']));
  for (const palette of PALETTES) {
    for (const theme of ['dark', 'light'] as const) {
      it(`${palette} in the ${theme} theme: accent, buttons and text pairs keep 4.5:1`, () => {
        const t = {
          ...tokens(`[data-theme='${theme}']`),
          ...(palette === 'gold' ? {} : { ...tokens(`[data-brand='${palette}']`), ...tokens(`[data-brand='${palette}'][data-theme='${theme}']`) }),
        };
        const c = (name: string) => {
          expect(t[name], `${palette}/${theme} ${name}`).toMatch(/^#[0-9a-f]{6}$/i);
          return rgb(t[name]!);
        };
        const stops = [...t['--gold-grad']!.matchAll(/#[0-9a-f]{6}/gi)].map(([h]) => rgb(h));
        expect(stops.length).toBeGreaterThanOrEqual(2);
        const glow = t['--accent-glow']!.split(',').map(Number);
        const failing: string[] = [];
        const need = (label: string, a: number[], b: number[]) => {
          if (contrast(a, b) < 4.5) failing.push(`${label} ${contrast(a, b).toFixed(2)}`);
        };
        for (const bg of ['--bg', '--bg-2', '--surface', '--surface-2']) {
          for (const fg of ['--accent', '--text', '--text-2', '--danger', '--success']) need(`${fg} on ${bg}`, c(fg), c(bg));
          // The VIP chip: accent text on its glow.
          need(`--accent on its glow over ${bg}`, c('--accent'), over(glow, 0.14, c(bg)));
        }
        for (const [i, stop] of [c('--accent'), c('--accent-2'), ...stops].entries()) need(`--accent-text on accent colour ${i}`, c('--accent-text'), stop);
        expect(failing).toEqual([]);
      });
    }
    it(`${palette}: the theme-color is its dark background`, () => {
      const dark = palette === 'gold' ? tokens(`[data-theme='dark']`) : tokens(`[data-brand='${palette}']`);
      expect(dark['--bg']).toBe(BRAND_THEME_COLORS[palette]);
    });
  }
});
