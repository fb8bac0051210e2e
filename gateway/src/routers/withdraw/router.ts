import { WITHDRAW_CALLS } from '@wl/schemas';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';
import { getProof } from './get-proof.ts';

const { proof: _proof, ...relayed } = WITHDRAW_CALLS;

/**
 * Withdraw (docs/0029): the page's data, the request, the member's answer after payment and proof
 * files. The request checks the withdraw password: limited per IP and per session like other
 * password checks (the platform locks wrong passwords too).
 */
export const withdrawRouter = router({
  ...passThrough(relayed, { rateLimit: { request: (ctx) => ({ action: 'withdrawPassword', subject: `session:${ctx.token}` }) } }),
  proof: getProof,
});
