import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configWithProducts, vendorLinkFixture } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';
import { Footer } from './footer.tsx';

/** Two categories; the footer logos name each vendor once by code. */
function config() {
  const base = configWithProducts([
    {
      gameType: 'LIVE',
      label: 'Live casino',
      vendors: [vendorLinkFixture('EVO', 'Evolution'), vendorLinkFixture('SEXY', 'Sexy Gaming', { logoUrl: '/sexy.svg' })],
    },
    { gameType: 'RNG', label: 'Slots', vendors: [vendorLinkFixture('SPINORA', 'Spinora', { gameType: 'RNG', path: '/rng?vassalage=SPINORA' })] },
  ]);
  return { ...base, footer: { ...base.footer, vendorLogoCodes: ['EVO', 'SEXY', 'SPINORA'] } };
}

describe('Footer vendors (codes resolved from the config list)', () => {
  it('lists product vendors with their paths and filters them by category', async () => {
    renderWithApp(<Footer />, { config: config() });
    // The footer shows once its texts (the site area, docs/0121) are there.
    await screen.findByTestId('footer');
    const vendorLinks = () => [...document.querySelectorAll('.footer__vendors a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(vendorLinks()).toEqual([
      ['Evolution', '/live?vassalage=EVO'],
      ['Sexy Gaming', '/live?vassalage=SEXY'],
      ['Spinora', '/rng?vassalage=SPINORA'],
    ]);
    fireEvent.click(screen.getByTestId('footer.product.RNG'));
    expect(vendorLinks()).toEqual([['Spinora', '/rng?vassalage=SPINORA']]);
  });

  it('shows each logo once, a picture when the vendor has one and its name otherwise, once the row is in view (docs/0086)', async () => {
    // happy-dom's IntersectionObserver never reports: this one says when the browser saw the row.
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const watched: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          report = callback;
        }
        observe(node: Element) {
          watched.push(node);
        }
        disconnect() {}
      },
    );
    try {
      renderWithApp(<Footer />, { config: config() });
      await screen.findByTestId('footer');
      const logos = [...document.querySelectorAll('.footer__logo')];
      expect(logos.map((l) => l.getAttribute('title'))).toEqual(['Evolution', 'Sexy Gaming', 'Spinora']);
      // Below the screen: names only, no image fetched yet.
      expect(watched).toEqual([document.querySelector('.footer__logos')]);
      expect(document.querySelectorAll('.footer__logo img')).toHaveLength(0);
      expect(logos[1]?.textContent).toBe('Sexy Gaming');
      act(() => report?.([{ isIntersecting: true }]));
      expect(logos[1]?.querySelector('img')?.getAttribute('src')).toBe('/sexy.svg');
      expect(logos[0]?.textContent).toBe('Evolution');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('Footer help links (docs/rules/content.md#c-4, docs/0109)', () => {
  const route = (key: string, labelKey: string, path: string, isAvailable = true) => ({
    key,
    labelKey,
    icon: 'help',
    target: { type: 'route' as const, path },
    isAvailable,
  });
  const withHelp = () => {
    const base = config();
    return {
      ...base,
      footer: {
        ...base.footer,
        helpLinks: [
          route('helpCentre', 'footer_help_centre', '/help'),
          route('aboutUs', 'footer_about_us', '/help#about'),
          route('installGuide', 'footer_install_guide', '/help#install'),
          route('feedback', 'footer_feedback', '/help#feedback', false),
        ],
      },
    };
  };

  it('link each section of /help in their words, the unbuilt one disabled; the help centre opens its modal', async () => {
    renderWithApp(<Footer />, {
      config: withHelp(),
      handlers: {
        'content.help': () => ({ sections: [{ section: 'about', title: 'About us', body: 'We are here.', updatedAt: '2026-11-01T00:00:00.000Z' }] }),
      },
    });
    const about = await screen.findByTestId('footer.entry.aboutUs');
    expect([about.textContent, about.getAttribute('href')]).toEqual(['About us', '/help#about']);
    expect(screen.getByTestId('footer.entry.installGuide').getAttribute('href')).toBe('/help#install');
    expect(screen.getByTestId('footer.entry.feedback').getAttribute('aria-disabled')).toBe('true');
    const centre = screen.getByTestId('footer.entry.helpCentre');
    expect(centre.getAttribute('href')).toBe('/help');
    fireEvent.click(centre);
    expect((await screen.findByTestId('help-modal.section.about')).textContent).toContain('We are here.');
  });
});
