import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPCProvider, type AppRouter } from '../api/trpc.ts';
import { SettingsProvider } from '../app/settings-context.tsx';
import { SessionProvider } from '../session/session-context.tsx';
import { setOperatorToken } from '../session/session-storage.ts';
import { createTestI18n } from '../test/i18n.ts';
import { LANGUAGE_STORAGE_KEY } from '../i18n/i18n.ts';
import { screenConfigFixture } from '../test/fixtures.ts';
import { mockLink, type THandlers } from '../test/render.tsx';
import { CONFIG_PREVIEW_PARAM, configPreviewId } from './config-preview.ts';
import { ScreenConfigProvider, useScreenConfigState } from './screen-config-context.tsx';

/** A draft's preview on the site (docs/0131): the tab of the console's session shows the draft's config, with a bar. */
function Shown() {
  const { config } = useScreenConfigState();
  return <p data-testid="merchant">{config ? config.merchant.name : 'loading'}</p>;
}

function renderProvider(handlers: THandlers) {
  const calls: { path: string; input: unknown }[] = [];
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createTRPCClient<AppRouter>({ links: [mockLink(handlers, calls)] });
  // The tab's visitor chose English (a brand's default applies only until a choice, docs/0136).
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <QueryClientProvider client={qc}>
        <TRPCProvider trpcClient={client} queryClient={qc}>
          <SettingsProvider initialLanguage="en">
            <SessionProvider>
              <ScreenConfigProvider>
                <Shown />
              </ScreenConfigProvider>
            </SessionProvider>
          </SettingsProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return calls;
}

const published = screenConfigFixture();
const drafted = { ...published, merchant: { ...published.merchant, name: 'Drafted' } };

describe('a draft previewed on the site', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('needs the console signed in in this tab and a valid id; lasts across the tab', () => {
    expect(configPreviewId(`?${CONFIG_PREVIEW_PARAM}=7`)).toBeNull();
    setOperatorToken('op-token');
    expect(configPreviewId(`?${CONFIG_PREVIEW_PARAM}=0`)).toBeNull();
    expect(configPreviewId(`?${CONFIG_PREVIEW_PARAM}=1e3`)).toBeNull();
    expect(configPreviewId(`?${CONFIG_PREVIEW_PARAM}=7`)).toBe(7);
    // Navigation within the tab drops the query string, not the preview.
    expect(configPreviewId('')).toBe(7);
  });

  it("shows the draft's config with the bar, and never the live stream of the published one", async () => {
    setOperatorToken('op-token');
    // The tab has opened `/?configPreview=9` (configPreviewId keeps it for the tab, the first test).
    expect(configPreviewId(`?${CONFIG_PREVIEW_PARAM}=9`)).toBe(9);
    const opened = vi.fn();
    vi.stubGlobal('EventSource', opened);
    const calls = renderProvider({ 'operator.previewScreen': () => drafted, 'config.screen': () => published });
    expect((await screen.findByTestId('config-preview.bar')).textContent).toContain('Preview of draft 9');
    expect(screen.getByTestId('merchant').textContent).toBe('Drafted');
    // The published config is never asked for while the draft is shown.
    expect(calls.filter((c) => c.path.startsWith('config.') || c.path.startsWith('operator.'))).toEqual([
      { path: 'operator.previewScreen', input: { id: 9, language: 'en' } },
    ]);
    expect(opened).not.toHaveBeenCalled();
  });

  it('falls back to the published site when the preview is refused (not the caller’s draft)', async () => {
    setOperatorToken('op-token');
    sessionStorage.setItem(CONFIG_PREVIEW_PARAM, '9');
    vi.stubGlobal(
      'EventSource',
      class {
        close() {}
      },
    );
    renderProvider({
      'operator.previewScreen': () => {
        throw new Error('error_not_found');
      },
      'config.screen': () => published,
    });
    await waitFor(() => expect(screen.getByTestId('merchant').textContent).toBe(published.merchant.name));
    expect(screen.queryByTestId('config-preview.bar')).toBeNull();
    expect(configPreviewId('')).toBeNull();
  });
});
