import { useTranslation } from 'react-i18next';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { TGame } from '@wl/schemas';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { GameGrid } from '../home/game-grid.tsx';
import { useFavouriteList } from '../home/home-data.ts';
import { useFavourites } from '../session/favourites-context.tsx';
import { useMemberGuard } from '../member/member-guard.ts';
import '../styles/account-games.css';

/** The two account game lists of docs/rules/games.md#g-8. */
export type TAccountGamesKind = 'favorite' | 'recent';

type TListState = { games: readonly TGame[] | undefined; isLoading: boolean; error: unknown };

/** A list of the member's games: the tiles, its empty state, or the server's refusal. */
function ListView({ kind, list }: { kind: TAccountGamesKind; list: TListState }) {
  const { t } = useTranslation();
  if (list.error) {
    return (
      <p className="form__error" role="alert" data-testid="account-games.error">
        {t(errorKey(list.error))}
      </p>
    );
  }
  if (list.games && list.games.length === 0) {
    return (
      <div className="account-games__note" data-testid="account-games.empty">
        <p>{t(kind === 'favorite' ? 'favorite_empty' : 'recent_empty')}</p>
        <Link className="btn btn--primary" to="/">
          {t('browse_games')}
        </Link>
      </div>
    );
  }
  return <GameGrid games={list.games} isLoading={list.isLoading} />;
}

/** The member's favourites (docs/rules/games.md#g-10 page size 999); a heart taken off hides its tile at once (docs/rules/games.md#g-8). */
function FavoriteList() {
  const q = useFavouriteList(true);
  const { ids } = useFavourites();
  const games = q.data?.content.filter((g) => ids.has(g.nodeId));
  return <ListView kind="favorite" list={{ games, isLoading: q.isLoading, error: q.error }} />;
}

/** The games the member launched lately, newest first (docs/0036). */
function RecentList() {
  const trpc = useTRPC();
  const q = useQuery(trpc.catalogue.recent.queryOptions({}, { staleTime: 0 }));
  return <ListView kind="recent" list={{ games: q.data?.content, isLoading: q.isLoading, error: q.error }} />;
}

/**
 * /favorite and /recent (docs/rules/games.md#g-8 account game lists): the member's games as tiles like home's,
 * launched and (un)favourited from the tile. Visitors get the login popup and trial accounts the
 * in_need_true_account dialog (docs/rules/content.md#c-3, docs/rules/accounts.md#a-25), as the member centre does.
 */
export default function AccountGamesPage({ kind }: { kind: TAccountGamesKind }) {
  const { t } = useTranslation();
  const decision = useMemberGuard();
  if (!useAreaTexts('site')) return <div className="page-loading" aria-busy="true" data-testid={`account-games.${kind}.loading`} />;
  return (
    <section className="account-games" data-testid={`account-games.${kind}`}>
      {/* h2 under the shell's h1 (the site); the game tiles' names are h3. */}
      <h2 className="row__title account-games__title">{t(kind === 'favorite' ? 'favorite_title' : 'recent_title')}</h2>
      {decision === null ? (
        <div className="page-loading" aria-busy="true" />
      ) : decision.kind === 'allowed' ? (
        kind === 'favorite' ? (
          <FavoriteList />
        ) : (
          <RecentList />
        )
      ) : (
        <div className="account-games__note" data-testid="account-games.blocked">
          <p>{t(decision.kind === 'login' ? 'error_not_logged_in' : decision.messageKey)}</p>
        </div>
      )}
    </section>
  );
}
