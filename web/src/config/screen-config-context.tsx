import { Suspense, createContext, lazy, useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLanguage, TScreenConfig } from '@wl/schemas';
import { useTRPC } from '../api/trpc.ts';
import { useSettings } from '../app/settings-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { useRequiredContext } from '../app/ui-context.tsx';
import { applyBrand } from '../theme/brand.ts';
import { configPreviewId, leaveConfigPreview } from './config-preview.ts';

/** Only an operator previewing a draft ever loads it (docs/0131). */
const PreviewBar = lazy(() => import('./preview-bar.tsx'));

/** What the shell knows about its ScreenConfig. */
export type TScreenConfigState = {
  config: TScreenConfig | undefined;
  isError: boolean;
  retry: () => void;
  /** The draft this tab previews (docs/0131), whose content the page shows too (docs/0133). */
  previewId?: number | null;
};

const ScreenConfigContext = createContext<TScreenConfigState | null>(null);

/** The gateway's live config stream (gateway/src/live/config-streams.ts, docs/0021). */
export const LIVE_CONFIG_PATH = '/live/config';

/**
 * Live updates: the gateway's stream names the configuration version (one small event per change,
 * the same bytes for every page); when it is not the one this page's config was composed from, the
 * page refetches `config.screen` and the shell re-renders in place (no reload). EventSource
 * reconnects by itself and sends Last-Event-ID, so a page that missed a change hears of it on
 * reconnect. Re-mounted on login/logout and language change (keyed by token and language).
 */
function ConfigLive({ language }: { language: TLanguage }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  useEffect(() => {
    const key = trpc.config.screen.queryKey({ language });
    const known = qc.getQueryData<TScreenConfig>(key)?.configVersion;
    // `since`: the first connect tells the gateway what this page has, so it sends nothing needless.
    const source = new EventSource(known === undefined ? LIVE_CONFIG_PATH : `${LIVE_CONFIG_PATH}?since=${known}`);
    let latest = -1;
    source.onmessage = (event: MessageEvent<string>) => {
      const version = Number(event.lastEventId);
      if (!Number.isInteger(version)) return;
      latest = version;
      void (async () => {
        // A fetch under way may have started before the change: let it land (never cancelled), then compare.
        if (qc.getQueryState(key)?.fetchStatus === 'fetching') await qc.refetchQueries({ queryKey: key, exact: true }, { cancelRefetch: false });
        if (version !== latest) return;
        const current = qc.getQueryData<TScreenConfig>(key);
        if (current && current.configVersion !== version) {
          await qc.invalidateQueries({ queryKey: key, exact: true });
          // Game lists, hot games and favourites follow too: an operator may have switched a game or
          // a category off (docs/0037). Only the queries on screen refetch; the rest when next used.
          await qc.invalidateQueries({ queryKey: trpc.catalogue.pathKey() });
          // And the content: banners and popups are configuration fields too (docs/0133).
          await qc.invalidateQueries({ queryKey: trpc.content.pathKey() });
        }
      })();
    };
    return () => source.close();
  }, [trpc, qc, language]);
  return null;
}

/** The brand's palette on `<html data-brand>`, from the config each time it loads or changes (docs/0131). */
function useBrandPalette(config: TScreenConfig | undefined) {
  const palette = config?.merchant.palette;
  useEffect(() => {
    if (palette) applyBrand(palette);
  }, [palette]);
}

/** The brand's languages (docs/0136): a language it does not offer becomes its default (the first). */
export function useBrandLanguage(config: TScreenConfig | undefined) {
  const { language, setLanguage } = useSettings();
  const offered = config?.merchant.languages;
  useEffect(() => {
    if (offered && !offered.includes(language)) setLanguage(offered[0]!);
  }, [offered, language, setLanguage]);
}

/** Loads the ScreenConfig (config.screen first, then live pushes). */
export function ScreenConfigProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const { language } = useSettings();
  const { token } = useSession();
  // A draft's preview in this tab (docs/0131): the site as the draft would make it, for its author.
  const [previewId, setPreviewId] = useState(configPreviewId);
  const published = useQuery(trpc.config.screen.queryOptions({ language }, { staleTime: Infinity, enabled: previewId === null }));
  const preview = useQuery(
    trpc.operator.previewScreen.queryOptions({ id: previewId ?? 1, language }, { staleTime: Infinity, retry: false, enabled: previewId !== null }),
  );
  // A preview that cannot be shown (not the caller's draft, the console's session ended) is left: the published site.
  useEffect(() => {
    if (previewId !== null && preview.isError) {
      leaveConfigPreview();
      setPreviewId(null);
    }
  }, [previewId, preview.isError]);
  const q = previewId === null ? published : preview;
  const value: TScreenConfigState = { config: q.data, isError: q.isError && !q.data, retry: () => void q.refetch(), previewId };
  useBrandPalette(q.data);
  useBrandLanguage(q.data);
  return (
    <ScreenConfigContext.Provider value={value}>
      {previewId === null ? (
        <ConfigLive key={`${token ?? ''}:${language}`} language={language} />
      ) : (
        <Suspense fallback={null}>
          <PreviewBar id={previewId} />
        </Suspense>
      )}
      {children}
    </ScreenConfigContext.Provider>
  );
}

/** Provides a fixed config (tests, previews). */
export function StaticScreenConfigProvider({ config, children }: { config: TScreenConfig; children: ReactNode }) {
  useBrandPalette(config);
  return <ScreenConfigContext.Provider value={{ config, isError: false, retry: () => undefined }}>{children}</ScreenConfigContext.Provider>;
}

/** Reads the config state. */
export function useScreenConfigState(): TScreenConfigState {
  return useRequiredContext(ScreenConfigContext, 'useScreenConfigState');
}

/** The loaded ScreenConfig; only call below the shell's loading gate. */
export function useScreenConfig(): TScreenConfig {
  const { config } = useScreenConfigState();
  if (!config) throw new Error('ScreenConfig not loaded');
  return config;
}
