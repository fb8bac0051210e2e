import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AreaTexts } from '../i18n/area-texts.ts';
import { renderWithApp, type TOutputOf } from '../test/render.tsx';
import HelpPage from './help-page.tsx';
import HelpModal from './help-modal.tsx';

const centre: TOutputOf<'content.help'> = {
  sections: [
    { section: 'about', title: 'About us', body: 'We are here.\n\n- Every day', updatedAt: '2026-11-01T00:00:00.000Z' },
    { section: 'guide', title: 'Beginner guide', body: '## 1. Open an account\nTap Register.', updatedAt: '2026-11-01T00:00:00.000Z' },
    { section: 'responsible', title: 'Responsible gaming', body: 'Play for fun.', updatedAt: '2026-11-01T00:00:00.000Z' },
  ],
};

describe('the help centre (docs/rules/content.md#c-12, docs/0109)', () => {
  it('asks for the page’s language and this device, shows each section under its hash, then the terms', async () => {
    const { calls } = renderWithApp(
      <AreaTexts areas={['help']}>
        <HelpPage />
      </AreaTexts>,
      { handlers: { 'content.help': () => centre }, path: '/help#guide' },
    );
    await waitFor(() => expect(screen.getByTestId('help.section.guide')).toBeTruthy());
    expect(calls.find((c) => c.path === 'content.help')?.input).toEqual({ lang: 'en', device: 'WEB' });
    expect([...document.querySelectorAll('.help__section')].map((s) => s.id)).toEqual(['about', 'guide', 'responsible', 'term']);
    expect(screen.getByTestId('help.section.guide').querySelector('h4')?.textContent).toBe('1. Open an account');
    expect(screen.getByTestId('help.section.about').querySelector('li')?.textContent).toBe('Every day');
    // The contents list links every section and the terms; responsible gaming links the member's limits.
    expect([...screen.getByTestId('help.contents').querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/help#about',
      '/help#guide',
      '/help#responsible',
      '/help#term',
    ]);
    expect(screen.getByTestId('help.responsible.limits').getAttribute('href')).toBe('/member/responsibleGaming');
    expect(screen.getByTestId('help.terms').querySelector('h3')?.textContent).toBe('Terms and conditions');
  });

  it('the modal shows one section at a time behind tabs and links it as a page', async () => {
    let closed = 0;
    renderWithApp(
      <AreaTexts areas={['help']}>
        <HelpModal onClose={() => (closed += 1)} />
      </AreaTexts>,
      { handlers: { 'content.help': () => centre } },
    );
    await waitFor(() => expect(screen.getByTestId('help-modal.section.about')).toBeTruthy());
    expect(screen.getAllByRole('tab').map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      ['About us', 'true'],
      ['Beginner guide', 'false'],
      ['Responsible gaming', 'false'],
    ]);
    fireEvent.click(screen.getByTestId('help-modal.tab.guide'));
    expect(screen.queryByTestId('help-modal.section.about')).toBeNull();
    expect(screen.getByTestId('help-modal.page').getAttribute('href')).toBe('/help#guide');
    fireEvent.click(screen.getByTestId('help-modal.close'));
    expect(closed).toBe(1);
  });
});
