import { SESSION_CALLS } from '@wl/schemas';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';
import { exchangeToken } from './exchange-token.ts';
import { firstLoginDone } from './first-login-done.ts';
import { freePlay } from './free-play.ts';
import { loginMember } from './login-member.ts';
import { loginSms } from './login-sms.ts';
import { logoutMember } from './logout-member.ts';
import { resumeSession } from './resume-session.ts';
import { sendSms } from './send-sms.ts';
import { verifySecondFactor } from './verify-second-factor.ts';

/** Member sessions: captcha, the login kinds, second factor, SMS codes, remember me, URL-token exchange, free play, logout. */
export const sessionRouter = router({
  // Relayed as declared (docs/0076).
  ...passThrough(
    {
      /** A fresh captcha image and its id. Each one is a stored row, so it is limited per IP (docs/0013). */
      captcha: SESSION_CALLS.captcha,
      /**
       * Sends a second-factor challenge's code to the member's bound mobile or e-mail (docs/0067); the
       * client names only the method. Counted with the SMS sends per challenge; the platform throttles
       * each address (one a second, five per 15 minutes). The code never comes back.
       */
      sendSecondFactorCode: SESSION_CALLS.sendSecondFactorCode,
    },
    {
      rateLimit: {
        captcha: () => ({ action: 'captcha', subject: null }),
        sendSecondFactorCode: (_ctx, input) => ({ action: 'sendSms', subject: `challenge:${input.challengeId}` }),
      },
    },
  ),
  // Login kinds, remember me, exchange, free play and logout set or clear the remember cookie.
  login: loginMember,
  loginSms,
  verifySecondFactor,
  sendSms,
  resume: resumeSession,
  exchangeToken,
  freePlay,
  firstLoginDone,
  logout: logoutMember,
});
