import { createContext, lazy, Suspense, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_SWIPER_ROWS, SWIPER_GROUP_SIZE } from '@wl/schemas/constants';
import type { TGame } from '@wl/schemas';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useLaunch } from '../launch/use-launch.ts';
import { useQueuedReveal } from '../lib/use-queued-reveal.ts';
import { useFavourites } from '../session/favourites-context.tsx';
import { GameTile } from './game-tile.tsx';

const GameSwiper = lazy(() => import('./game-swiper.tsx'));

/**
 * Whether the row a grid sits in has come near the screen (RowSection, docs/0060): until then the
 * grid keeps its skeleton, so a home row far below the first screen costs no tiles and no Swiper in
 * the load. Grids outside a home row are always shown.
 */
export const RowNearContext = createContext(true);

/** How a list of games is laid out: a plain grid, or a Swiper for home preview rows. */
export type TGameGridProps = {
  games: readonly TGame[] | undefined;
  isLoading?: boolean;
  /** SPEC §9: Swiper with 6 per group and 2 rows on home when there are more than 6 games. */
  carousel?: boolean;
  rows?: number;
};

/** Renders game tiles with the shared launch and favourite behaviour; 'no data' when empty. */
export function GameGrid({ games, isLoading, carousel = false, rows = HOME_SWIPER_ROWS }: TGameGridProps) {
  const { t } = useTranslation();
  const config = useScreenConfig();
  const launch = useLaunch();
  const favourites = useFavourites();
  const isNear = useContext(RowNearContext);
  // Tiles (and a row's Swiper) render in a task of their own once the games are here (docs/0022)
  // and the row is near the screen (docs/0060).
  const revealed = useQueuedReveal(games !== undefined && isNear);
  if ((isLoading && !games) || (games !== undefined && games.length > 0 && !revealed)) {
    // Busy while the games or their turn are coming; a row far from the screen is not loading, it
    // waits for the visitor (docs/0060): its placeholder is only a box.
    const isComing = isNear || isLoading === true;
    return (
      <div className="grid grid--skeleton" aria-busy={isComing || undefined} aria-hidden={!isComing || undefined}>
        {Array.from({ length: SWIPER_GROUP_SIZE }, (_, i) => (
          <div key={i} className="tile tile--skeleton" />
        ))}
      </div>
    );
  }
  if (!games || games.length === 0) {
    return (
      <p className="no-data" data-testid="no-data">
        {t('no_data')}
      </p>
    );
  }
  const freePlay = config.flags.FREEPLAY3 === true;
  const tiles = games.map((g) => (
    <GameTile
      key={g.nodeId}
      game={g}
      imageCDNs={config.links.imageCDNs}
      canFreeTrial={freePlay && g.hasFreeTrial}
      isFavourite={favourites.ids.has(g.nodeId)}
      onPlay={(game) => void launch(game)}
      onTrial={(game) => void launch(game, { freeTrial: true })}
      onToggleFavourite={favourites.toggle}
    />
  ));
  if (carousel && games.length > SWIPER_GROUP_SIZE) {
    return (
      <Suspense fallback={<div className="grid">{tiles.slice(0, SWIPER_GROUP_SIZE)}</div>}>
        <GameSwiper rows={rows}>{tiles}</GameSwiper>
      </Suspense>
    );
  }
  return <div className="grid">{tiles}</div>;
}
