import { useTranslation } from 'react-i18next';
import { HOME_PREVIEW_PAGE_SIZE, SPORTS_ENTRANCE_GAMES } from '@wl/schemas/constants';
import type { THomeRow } from '@wl/schemas';
import { useSettings } from '../app/settings-context.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useVendors } from '../config/vendors.ts';
import { useLaunch } from '../launch/use-launch.ts';
import { imageUrl } from '../lib/image.ts';
import { useSession } from '../session/session-context.tsx';
import { GameGrid } from './game-grid.tsx';
import { useImageFallback } from './game-tile.tsx';
import { useFavouriteList, useGames, useHotGames } from './home-data.ts';
import { RowSection, useLabel, VendorGames } from './vendor-row.tsx';

function HotRow() {
  const { language } = useSettings();
  const q = useHotGames(language);
  return <GameGrid games={q.data?.slice(0, HOME_PREVIEW_PAGE_SIZE)} isLoading={q.isLoading} carousel />;
}

function FavRow() {
  const q = useFavouriteList(true);
  return <GameGrid games={q.data?.content.slice(0, HOME_PREVIEW_PAGE_SIZE)} isLoading={q.isLoading} carousel />;
}

/** docs/rules/games.md#g-9: the sports entrance image launches the first sports game. */
function SportsEntrance({ row }: { row: THomeRow }) {
  const { t } = useTranslation();
  const { language } = useSettings();
  const config = useScreenConfig();
  const launch = useLaunch();
  const vendor = useVendors().links(row.vendorCodes, row.gameType)[0];
  const q = useGames({ gameType: 'SPORTS', vassalage: vendor?.vassalage, pageNo: 1, pageSize: SPORTS_ENTRANCE_GAMES, language }, vendor !== undefined);
  const game = q.data?.games[0];
  const { failed, onError } = useImageFallback();
  if (!vendor || (q.data && !game)) {
    return (
      <p className="no-data" data-testid="no-data">
        {t('no_data')}
      </p>
    );
  }
  return (
    <button type="button" className="sports" data-testid="home.sports.entrance" disabled={!game} onClick={() => game && void launch(game)}>
      {game && (
        <img
          className="sports__img"
          src={imageUrl(game.iconUrl, config.links.imageCDNs)}
          data-fallback={failed ? 'true' : undefined}
          onError={onError}
          // Decorative: the vendor's name is the button's text beside it (an alt would say it twice, in Latin on the BN page).
          alt=""
          width={400}
          height={200}
        />
      )}
      <span className="sports__text">
        <strong>{vendor.name}</strong>
        <span className="btn btn--primary btn--small">{t('play_now')}</span>
      </span>
    </button>
  );
}

/** The home rows in ScreenConfig order (docs/rules/games.md#g-9 Home rows); FAV only when logged in. */
export function HomeRows() {
  const config = useScreenConfig();
  const { isLoggedIn } = useSession();
  const label = useLabel();
  const vendors = useVendors();
  return (
    <>
      {config.home.rows.map((row) => {
        if (row.key === 'FAV' && !isLoggedIn) return null;
        if (row.requiresLogin && !isLoggedIn) return null;
        let body;
        if (row.key === 'HOT') body = <HotRow />;
        else if (row.key === 'FAV') body = <FavRow />;
        else if (row.key === 'SPORTS') body = <SportsEntrance row={row} />;
        else body = <VendorGames vendors={vendors.links(row.vendorCodes, row.gameType)} />;
        return (
          <RowSection key={row.key} rowKey={row.key} title={label(row)}>
            {body}
          </RowSection>
        );
      })}
    </>
  );
}
