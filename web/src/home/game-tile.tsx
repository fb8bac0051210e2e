import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGame } from '@wl/schemas';
import { Icon } from '../layout/icons.tsx';
import { FALLBACK_IMAGE, imageUrl } from '../lib/image.ts';

/** Props of one game tile. */
export type TGameTileProps = {
  game: TGame;
  imageCDNs: readonly string[];
  /** Free trial is offered only when the game has one and FREEPLAY3 is on. */
  canFreeTrial: boolean;
  isFavourite: boolean;
  onPlay: (game: TGame) => void;
  onTrial: (game: TGame) => void;
  onToggleFavourite: (game: TGame) => void;
};

/** Replaces a broken image with the inline fallback once (docs/rules/games.md#g-8 image failure). */
export function useImageFallback() {
  const [failed, setFailed] = useState(false);
  const onError = (e: SyntheticEvent<HTMLImageElement>) => {
    if (failed) return;
    setFailed(true);
    e.currentTarget.src = FALLBACK_IMAGE;
  };
  return { failed, onError };
}

/** Game tile (docs/rules/README.md#screens): image, vendor label, name, Play now, Free trial, favourite toggle. */
export function GameTile({ game, imageCDNs, canFreeTrial, isFavourite, onPlay, onTrial, onToggleFavourite }: TGameTileProps) {
  const { t } = useTranslation();
  const { failed, onError } = useImageFallback();
  const name = game.displayName || game.gameName;
  return (
    <article className="tile" data-testid="game-tile" data-node-id={game.nodeId}>
      <div className="tile__media">
        <img
          className="tile__img"
          data-testid="game-tile.image"
          data-fallback={failed ? 'true' : undefined}
          src={failed ? FALLBACK_IMAGE : imageUrl(game.iconUrl, imageCDNs)}
          alt={name}
          loading="lazy"
          decoding="async"
          width={200}
          height={200}
          onError={onError}
        />
        <span className="tile__vendor">{game.vendorName || game.vassalage}</span>
        <button
          type="button"
          className={`tile__fav${isFavourite ? ' tile__fav--on' : ''}`}
          data-testid="game-tile.favourite"
          aria-pressed={isFavourite}
          aria-label={t(isFavourite ? 'favourite_remove' : 'favourite_add')}
          onClick={() => onToggleFavourite(game)}
        >
          <Icon name="favorite" size={16} filled={isFavourite} />
        </button>
      </div>
      <h3 className="tile__name" title={name}>
        {name}
      </h3>
      {/* Over the picture where the device hovers; below the name on touch, never over the title (docs/rules/reach.md). */}
      <div className="tile__overlay">
        <button type="button" className="btn btn--primary btn--small" data-testid="game-tile.play" onClick={() => onPlay(game)}>
          {t('play_now')}
        </button>
        {canFreeTrial && (
          <button type="button" className="btn btn--ghost btn--small" data-testid="game-tile.trial" onClick={() => onTrial(game)}>
            {t('free_trial')}
          </button>
        )}
      </div>
    </article>
  );
}
