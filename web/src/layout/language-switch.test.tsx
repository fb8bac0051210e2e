import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSettings } from '../app/settings-context.tsx';
import { useBrandLanguage, useScreenConfig } from '../config/screen-config-context.tsx';
import { LANGUAGE_STORAGE_KEY, readLanguage } from '../i18n/i18n.ts';
import { screenConfigFixture } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';
import { LanguageSwitch } from './language-switch.tsx';

const withLanguages = (languages: ('bn' | 'en')[]) => {
  const config = screenConfigFixture();
  return { ...config, merchant: { ...config.merchant, languages } };
};

/** The page language as the app's provider would settle it for the brand (docs/0136). */
function BrandLanguage() {
  useBrandLanguage(useScreenConfig());
  return <output data-testid="language">{useSettings().language}</output>;
}

describe("the brand's languages (docs/0136)", () => {
  afterEach(() => localStorage.clear());

  it('offers only the languages the brand has, and no switch for a brand of one', () => {
    const { unmount } = renderWithApp(<LanguageSwitch />, { config: withLanguages(['bn', 'en']) });
    expect(screen.getAllByRole('button').map((b) => b.dataset.testid)).toEqual(['language.bn', 'language.en']);
    unmount();
    renderWithApp(<LanguageSwitch />, { config: withLanguages(['en']) });
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('moves a language the brand does not offer to its default; one it offers stays', () => {
    const { unmount } = renderWithApp(<BrandLanguage />, { config: withLanguages(['bn']) });
    // render() runs in act(): the effect and the re-render it causes are done when it returns.
    expect(screen.getByTestId('language').textContent).toBe('bn');
    unmount();
    renderWithApp(<BrandLanguage />, { config: withLanguages(['bn', 'en']) });
    expect(screen.getByTestId('language').textContent).toBe('en');
  });

  it("starts a visitor with no choice in the language of the gateway's HTML (the brand's default), a stored choice first", () => {
    const html = document.documentElement;
    try {
      delete html.dataset.brand; // the renders above drew a palette
      html.lang = 'en';
      expect(readLanguage()).toBe('bn'); // a page the gateway did not build (no data-brand): BN
      html.dataset.brand = 'emerald';
      expect(readLanguage()).toBe('en');
      localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
      expect(readLanguage()).toBe('bn');
    } finally {
      html.lang = '';
      delete html.dataset.brand;
    }
  });
});
