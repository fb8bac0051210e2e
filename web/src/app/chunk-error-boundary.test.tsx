import { lazy, Suspense, useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../test/i18n.ts';

const i18n = createTestI18n();
import { ChunkErrorBoundary, isChunkLoadError } from './chunk-error-boundary.tsx';

describe('isChunkLoadError', () => {
  it.each([
    [Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }), true],
    [new TypeError('Failed to fetch dynamically imported module: https://site.example/assets/page-abc.js'), true],
    [new TypeError('error loading dynamically imported module: https://site.example/assets/page-abc.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/page.css'), true],
    [new Error('Cannot read properties of undefined'), false],
    ['Failed to fetch dynamically imported module', false],
    [null, false],
  ])('%s → %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});

describe('ChunkErrorBoundary', () => {
  it('shows the ChunkLoadError message beside the shell and retries', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    const Page = () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module: /assets/page.js');
      return <p data-testid="page">loaded</p>;
    };
    function Shell() {
      const [tries, setTries] = useState(0);
      return (
        <>
          <header data-testid="shell">shell {tries}</header>
          <ChunkErrorBoundary onRetry={() => setTries((n) => n + 1)}>
            <Page />
          </ChunkErrorBoundary>
        </>
      );
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Shell />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('shell')).toBeTruthy();
    expect(screen.getByTestId('chunk-error').textContent).toContain('ChunkLoadError');
    fail = false;
    fireEvent.click(screen.getByTestId('chunk-error.retry'));
    expect(screen.getByTestId('page').textContent).toBe('loaded');
    expect(screen.queryByTestId('chunk-error')).toBeNull();
  });

  it('throws other errors on to the next boundary', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('a bug');
    };
    expect(() =>
      render(
        <I18nextProvider i18n={i18n}>
          <ChunkErrorBoundary>
            <Broken />
          </ChunkErrorBoundary>
        </I18nextProvider>,
      ),
    ).toThrow('a bug');
  });

  it('catches a lazy component whose import fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const Lazy = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')));
    render(
      <I18nextProvider i18n={i18n}>
        <ChunkErrorBoundary>
          <Suspense fallback={null}>
            <Lazy />
          </Suspense>
        </ChunkErrorBoundary>
      </I18nextProvider>,
    );
    expect((await screen.findByTestId('chunk-error')).getAttribute('role')).toBe('alert');
  });
});
