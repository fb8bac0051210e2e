import { SECURITY_CALLS } from '@wl/schemas';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';
import { sendBindCode } from './send-bind-code.ts';

const { sendBindCode: _sendBindCode, ...relayed } = SECURITY_CALLS;

/**
 * The security centre: withdraw password (first time without, later with the old one), bank
 * accounts, mobile and email, every change audited by the platform. Password and binding checks are
 * limited per IP and per session; the code send keeps its own procedure (two limits).
 */
export const securityRouter = router({
  ...passThrough(relayed, {
    rateLimit: {
      setWithdrawPassword: (ctx) => ({ action: 'withdrawPassword', subject: `session:${ctx.token}` }),
      bindContact: (ctx) => ({ action: 'bindContact', subject: `session:${ctx.token}` }),
    },
  }),
  sendBindCode,
});
