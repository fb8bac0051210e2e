import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FAVOURITE_THROTTLE_MS } from '@wl/schemas/constants';
import type { TGame } from '@wl/schemas';
import { useTRPC } from '../api/trpc.ts';
import { useUi } from '../app/ui-context.tsx';
import { createThrottle } from '../lib/throttle.ts';
import { useSession } from './session-context.tsx';

/** Favourite ids and the toggle (SPEC §4: optimistic add, remove deletes locally then calls the server). */
export type TFavourites = { ids: ReadonlySet<string>; toggle: (game: TGame) => Promise<void> };

const FavouritesContext = createContext<TFavourites | null>(null);

/** Provides favourites for the logged-in member; visitors get an empty set and the login popup. */
export function FavouritesProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const ui = useUi();
  const { isLoggedIn, audience } = useSession();
  const idsQuery = useQuery(trpc.catalogue.favouriteIds.queryOptions(undefined, { enabled: isLoggedIn }));
  const [ids, setIds] = useState<Set<string>>(new Set());
  const throttle = useRef(createThrottle(FAVOURITE_THROTTLE_MS));

  useEffect(() => {
    setIds(isLoggedIn && idsQuery.data ? new Set(idsQuery.data.ids) : new Set());
  }, [idsQuery.data, isLoggedIn]);

  const refreshLists = () => void qc.invalidateQueries({ queryKey: trpc.catalogue.favourites.pathKey() });
  const add = useMutation(trpc.catalogue.addFavourite.mutationOptions({ onSettled: refreshLists }));
  const remove = useMutation(trpc.catalogue.removeFavourite.mutationOptions({ onSettled: refreshLists }));

  const toggle = useCallback(
    async (game: TGame) => {
      // SPEC §6, §8: visitors get the login popup, trial accounts the in_need_true_account dialog.
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
      if (!throttle.current()) return;
      if (ids.has(game.nodeId)) {
        setIds((prev) => {
          const next = new Set(prev);
          next.delete(game.nodeId);
          return next;
        });
        remove.mutate({ nodeId: game.nodeId });
      } else {
        setIds((prev) => new Set(prev).add(game.nodeId));
        add.mutate(
          { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
          {
            // Roll the optimistic add back when the server refuses it.
            onError: () =>
              setIds((prev) => {
                const next = new Set(prev);
                next.delete(game.nodeId);
                return next;
              }),
          },
        );
      }
    },
    [isLoggedIn, audience, ids, ui, add, remove],
  );

  const value = useMemo(() => ({ ids, toggle }), [ids, toggle]);
  return <FavouritesContext.Provider value={value}>{children}</FavouritesContext.Provider>;
}

/** Reads favourites. */
export function useFavourites(): TFavourites {
  const v = useContext(FavouritesContext);
  if (!v) throw new Error('useFavourites outside FavouritesProvider');
  return v;
}
