import { router } from '../../trpc/init.ts';
import { getScreen } from './get-screen.ts';

/** Screen configuration: the composed ScreenConfig (pages hear of changes on LIVE_CONFIG_PATH, docs/0021). */
export const configRouter = router({
  screen: getScreen,
});
