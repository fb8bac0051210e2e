import { CONTENT_CALLS } from '@wl/schemas';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';
import { listAnnouncements } from './list-announcements.ts';
import { listWinners } from './list-winners.ts';

// Announcements go through the public cache (docs/0008); every other content call only relays.
const { announcements: _cached, ...relayed } = CONTENT_CALLS;

/** Home content: announcements and the winner board; the promotions page (docs/rules/content.md#c-13). */
export const contentRouter = router({
  ...passThrough(relayed),
  announcements: listAnnouncements,
  winnerBoard: listWinners,
});
