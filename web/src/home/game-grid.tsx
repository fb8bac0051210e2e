import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_SWIPER_ROWS, SWIPER_GROUP_SIZE } from '@wl/schemas/constants';
import type { TGame } from '@wl/schemas';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useLaunch } from '../launch/use-launch.ts';
import { useQueuedReveal } from '../lib/use-queued-reveal.ts';
import { useFavourites } from '../session/favourites-context.tsx';
import { GameCarousel } from './game-carousel.tsx';
import { GameTile } from './game-tile.tsx';

/**
 * Whether the row a grid sits in has come near the screen (RowSection, docs/0060): until then the
 * grid keeps its skeleton, so a home row far below the first screen costs no tiles in the load.
 * Grids outside a home row are always shown.
 */
export const RowNearContext = createContext(true);

/** How a list of games is laid out: a plain grid, or a carousel for home preview rows. */
export type TGameGridProps = {
  games: readonly TGame[] | undefined;
  isLoading?: boolean;
  /** docs/rules/content.md#c-6: a carousel of 6 per group and 2 rows on home when there are more than 6 games. */
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
  // Tiles render in a task of their own once the games are here (docs/0022)
  // and the row is near the screen (docs/0060).
  const revealed = useQueuedReveal(games !== undefined && isNear);
  if ((isLoading && !games) || (games !== undefined && games.length > 0 && !revealed)) {
    // Busy while the games or their turn are coming; a row far from the screen is not loading, it
    // waits for the visitor (docs/0060): its placeholder is only a box, and holds still.
    const isComing = isNear || isLoading === true;
    return (
      <div className={`grid grid--skeleton${isComing ? '' : ' grid--waiting'}`} aria-busy={isComing || undefined} aria-hidden={!isComing || undefined}>
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
  if (carousel && games.length > SWIPER_GROUP_SIZE) return <GameCarousel rows={rows}>{tiles}</GameCarousel>;
  return <div className="grid">{tiles}</div>;
}
