import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FAVOURITE_THROTTLE_MS } from '@wl/schemas/constants';
import type { TGame } from '@wl/schemas';
import { useTRPC } from '../api/trpc.ts';
import { useRequiredContext, useUi } from '../app/ui-context.tsx';
import { createFavouriteToggle } from './favourite-toggle.ts';
import { useSession } from './session-context.tsx';

/** Favourite ids and the toggle (docs/rules/games.md#g-10: optimistic add, remove deletes locally then calls the server). */
export type TFavourites = { ids: ReadonlySet<string>; toggle: (game: TGame) => Promise<void> };

const FavouritesContext = createContext<TFavourites | null>(null);

/** Provides favourites for the logged-in member; visitors get an empty set and the login popup. */
export function FavouritesProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const ui = useUi();
  const { isLoggedIn, audience } = useSession();
  const idsQuery = useQuery(trpc.catalogue.favouriteIds.queryOptions(undefined, { enabled: isLoggedIn }));
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  // The toggle reads the shown ids through a ref: one toggler (and one throttle) for the page's life.
  const idsRef = useRef(ids);
  idsRef.current = ids;

  useEffect(() => {
    setIds(isLoggedIn && idsQuery.data ? new Set(idsQuery.data.ids) : new Set());
  }, [idsQuery.data, isLoggedIn]);

  const refreshLists = () => void qc.invalidateQueries({ queryKey: trpc.catalogue.favourites.pathKey() });
  const add = useMutation(trpc.catalogue.addFavourite.mutationOptions({ onSettled: refreshLists }));
  const remove = useMutation(trpc.catalogue.removeFavourite.mutationOptions({ onSettled: refreshLists }));
  const server = useRef({ add: add.mutateAsync, remove: remove.mutateAsync });
  server.current = { add: add.mutateAsync, remove: remove.mutateAsync };
  const toggler = useRef(
    createFavouriteToggle<TGame>({
      throttleMs: FAVOURITE_THROTTLE_MS,
      ids: () => idsRef.current,
      update: (change) => setIds((prev) => change(prev)),
      add: (game) => server.current.add({ nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType }),
      remove: (nodeId) => server.current.remove({ nodeId }),
    }),
  );

  const toggle = useCallback(
    async (game: TGame) => {
      // docs/rules/accounts.md#a-25: visitors get the login popup, trial accounts the in_need_true_account dialog.
      // The guard (and the schemas it reads) loads on first use, off the initial bundle.
      const { guardMemberAction } = await import('@wl/flows/session/trial-guard');
      const decision = guardMemberAction({ isLoggedIn, isTrial: audience === 'trial' });
      if (decision.kind === 'login') {
        ui.openLogin();
        return;
      }
      if (decision.kind === 'trialBlocked') {
        ui.showInfo(decision.messageKey);
        return;
      }
      // docs/rules/games.md#g-10: one toggle per second; remove local first, add optimistic (favourite-toggle.ts).
      toggler.current(game);
    },
    [isLoggedIn, audience, ui],
  );

  const value = useMemo(() => ({ ids, toggle }), [ids, toggle]);
  return <FavouritesContext.Provider value={value}>{children}</FavouritesContext.Provider>;
}

/** Reads favourites. */
export function useFavourites(): TFavourites {
  return useRequiredContext(FavouritesContext, 'useFavourites');
}
