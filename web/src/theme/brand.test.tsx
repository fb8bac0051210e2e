import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TBrandPalette } from '@wl/schemas';
import { StaticScreenConfigProvider } from '../config/screen-config-context.tsx';
import { screenConfigFixture } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';
import { BRAND_THEME_COLORS } from './brand.ts';

const withPalette = (palette: TBrandPalette) => {
  const config = screenConfigFixture();
  return { ...config, merchant: { ...config.merchant, palette } };
};

describe('brand palette', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-brand');
    document.head.querySelector('meta[name="theme-color"]')?.remove();
  });

  it("puts the config's palette on <html data-brand> and the meta theme-color when the config loads", () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = BRAND_THEME_COLORS.gold;
    document.head.append(meta);
    renderWithApp(<p>page</p>, { config: withPalette('emerald') });
    expect(document.documentElement.getAttribute('data-brand')).toBe('emerald');
    expect(meta.content).toBe(BRAND_THEME_COLORS.emerald);
  });

  it('follows a config that changes (a live push), back to gold too', () => {
    const { rerender } = render(
      <StaticScreenConfigProvider config={withPalette('ruby')}>
        <p>page</p>
      </StaticScreenConfigProvider>,
    );
    expect(document.documentElement.getAttribute('data-brand')).toBe('ruby');
    rerender(
      <StaticScreenConfigProvider config={withPalette('gold')}>
        <p>page</p>
      </StaticScreenConfigProvider>,
    );
    expect(document.documentElement.getAttribute('data-brand')).toBe('gold');
    // The page without a theme-color meta is fine: only the attribute.
    expect(document.head.querySelector('meta[name="theme-color"]')).toBeNull();
  });
});
