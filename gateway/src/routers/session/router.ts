import { router } from '../../trpc/init.ts';
import { exchangeToken } from './exchange-token.ts';
import { firstLoginDone } from './first-login-done.ts';
import { freePlay } from './free-play.ts';
import { getCaptcha } from './get-captcha.ts';
import { loginMember } from './login-member.ts';
import { loginSms } from './login-sms.ts';
import { logoutMember } from './logout-member.ts';
import { resumeSession } from './resume-session.ts';
import { sendSecondFactorCode } from './send-second-factor-code.ts';
import { sendSms } from './send-sms.ts';
import { verifySecondFactor } from './verify-second-factor.ts';

/** Member sessions: captcha, the login kinds, second factor, SMS codes, remember me, URL-token exchange, free play, logout. */
export const sessionRouter = router({
  captcha: getCaptcha,
  login: loginMember,
  loginSms,
  verifySecondFactor,
  sendSecondFactorCode,
  sendSms,
  resume: resumeSession,
  exchangeToken,
  freePlay,
  firstLoginDone,
  logout: logoutMember,
});
