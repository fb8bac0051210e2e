import { router } from '../../trpc/init.ts';
import { getScreen } from './get-screen.ts';
import { watchScreen } from './watch-screen.ts';

/** Screen configuration: the composed ScreenConfig and its live updates. */
export const configRouter = router({
  screen: getScreen,
  onChange: watchScreen,
});
