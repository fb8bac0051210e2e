import { router } from '../../trpc/init.ts';
import { getCaptcha } from './get-captcha.ts';
import { loginMember } from './login-member.ts';
import { logoutMember } from './logout-member.ts';

/** Member sessions: captcha, login, logout. */
export const sessionRouter = router({
  captcha: getCaptcha,
  login: loginMember,
  logout: logoutMember,
});
