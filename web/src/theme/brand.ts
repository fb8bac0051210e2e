import type { TBrandPalette } from '@wl/schemas';

/**
 * The brand's palette on `<html data-brand>` (docs/0131): base.css overrides the accent (and in the
 * dark theme the backgrounds) for each; 'gold' is the default look. The gateway renders the
 * attribute into the served page too, so the first paint has it; the page applies the screen
 * config's whenever the config loads or changes.
 */
export const BRAND_THEME_COLORS: Record<TBrandPalette, string> = {
  // Each palette's dark --bg (base.css), the browser bar's colour as index.html's for gold.
  gold: '#0b1124',
  emerald: '#061a16',
  ruby: '#1a0a12',
};

/** Sets `<html data-brand>` and the `<meta name="theme-color">` (when the page has one) to the palette's. */
export function applyBrand(palette: TBrandPalette): void {
  const html = document.documentElement;
  if (html.getAttribute('data-brand') !== palette) html.setAttribute('data-brand', palette);
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta && meta.content !== BRAND_THEME_COLORS[palette]) meta.content = BRAND_THEME_COLORS[palette];
}
