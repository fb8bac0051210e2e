import { router } from '../../trpc/init.ts';
import { listAnnouncements } from './list-announcements.ts';
import { listWinners } from './list-winners.ts';

/** Home content: announcements and the winner board. */
export const contentRouter = router({
  announcements: listAnnouncements,
  winnerBoard: listWinners,
});
