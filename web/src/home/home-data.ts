import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FAVOURITES_PAGE_SIZE } from '@wl/schemas/constants';
import type { TGame, TGameType, TLanguage } from '@wl/schemas';
import { useTRPC } from '../api/trpc.ts';
import { useSettings } from '../app/settings-context.tsx';
import { useScreenConfigState } from '../config/screen-config-context.tsx';
import { readSessionJson, SESSION_KEYS, writeSessionJson } from '../session/session-storage.ts';

type THotCache = { language: TLanguage; games: TGame[] };

/**
 * The announcements (banners, notices, popups) in the chosen language: home's banners and the
 * announcement popup; in a draft's preview, with the draft's words (docs/0133).
 */
export function useAnnouncements() {
  const trpc = useTRPC();
  const { language } = useSettings();
  const previewId = useScreenConfigState().previewId;
  const published = trpc.content.announcements.queryOptions({ language });
  // The preview answers the same shape (its artwork inline); one query either way keeps the hooks' order.
  return useQuery(previewId ? (trpc.operator.configPreviewContent.queryOptions({ id: previewId, language }) as unknown as typeof published) : published);
}

/** Hot games, cached in session storage (HOT_GAMES) until a refresh or a language change (docs/rules/reach.md#r-1). */
export function useHotGames(language: TLanguage) {
  const trpc = useTRPC();
  const cached = readSessionJson<THotCache>(SESSION_KEYS.hotGames);
  const initial = cached && cached.language === language && Array.isArray(cached.games) ? cached.games : undefined;
  const q = useQuery({
    ...trpc.catalogue.hotGames.queryOptions({ language }),
    ...(initial ? { initialData: initial } : {}),
  });
  useEffect(() => {
    if (q.data) writeSessionJson(SESSION_KEYS.hotGames, { language, games: q.data } satisfies THotCache);
  }, [q.data, language]);
  return q;
}

/** One page of games of a category or vendor, optionally filtered by a substring of the name. */
export function useGames(
  params: {
    gameType?: TGameType | undefined;
    vassalage?: string | undefined;
    gameName?: string | undefined;
    pageNo: number;
    pageSize: number;
    language: TLanguage;
  },
  enabled = true,
) {
  const trpc = useTRPC();
  const input = {
    pageNo: params.pageNo,
    pageSize: params.pageSize,
    language: params.language,
    ...(params.gameType ? { gameType: params.gameType } : {}),
    ...(params.vassalage ? { vassalage: params.vassalage } : {}),
    ...(params.gameName ? { gameName: params.gameName } : {}),
  };
  return useQuery({ ...trpc.catalogue.games.queryOptions(input, { enabled }), placeholderData: (prev) => prev });
}

/** The member's favourites (docs/rules/games.md#g-10 page size 999). */
export function useFavouriteList(enabled: boolean, gameType?: TGameType) {
  const trpc = useTRPC();
  return useQuery(trpc.catalogue.favourites.queryOptions({ pageNo: 1, pageSize: FAVOURITES_PAGE_SIZE, ...(gameType ? { gameType } : {}) }, { enabled }));
}
