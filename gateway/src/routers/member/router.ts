import { MEMBER_CALLS } from '@wl/schemas';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';

/** The signed-in member: info (docs/rules/README.md#fields Member info) and the balance in minor units with its currency symbol. */
export const memberRouter = router({
  ...passThrough(MEMBER_CALLS),
});
