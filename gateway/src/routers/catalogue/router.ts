import { router } from '../../trpc/init.ts';
import { addFavourite } from './add-favourite.ts';
import { launchGame } from './launch-game.ts';
import { launchLottery } from './launch-lottery.ts';
import { launchTrial } from './launch-trial.ts';
import { listFavouriteIds } from './list-favourite-ids.ts';
import { listFavourites } from './list-favourites.ts';
import { listGameMenus } from './list-game-menus.ts';
import { listGames } from './list-games.ts';
import { listHotGames } from './list-hot-games.ts';
import { listRecent } from './list-recent.ts';
import { removeFavourite } from './remove-favourite.ts';

/** Games: menus, lists, hot games, favourites, recent games and launches (games, free trial, lottery). */
export const catalogueRouter = router({
  gameMenus: listGameMenus,
  games: listGames,
  hotGames: listHotGames,
  favouriteIds: listFavouriteIds,
  favourites: listFavourites,
  recent: listRecent,
  addFavourite,
  removeFavourite,
  launch: launchGame,
  launchTrial,
  launchLottery,
});
